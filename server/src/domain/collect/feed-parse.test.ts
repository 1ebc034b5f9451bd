import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeFeed, FeedParseError, MAX_FEED_ITEMS, parseFeedBytes, parseFeedText } from './feed-parse.ts';

const rss = (items: string, prolog = '<?xml version="1.0" encoding="utf-8"?>') => `${prolog}
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Новости Заречья</title><link>https://zarechye.example/</link><description>Городские новости</description>
${items}
</channel></rss>`;

describe('feeds', () => {
  it('reads RSS 2.0 served in windows-1251, declared in the XML prolog', () => {
    const xml = rss(
      `<item><title>Ремонт моста завершён</title><link>https://zarechye.example/news/1</link>
        <guid isPermaLink="false">news-1</guid><pubDate>Sat, 28 Nov 2026 09:15:00 +0300</pubDate>
        <description><![CDATA[<p>Движение открыто.</p><p>Подрядчик уложился в срок &laquo;как обещал&raquo;.</p>]]></description>
        <dc:creator>Ирина Петрова</dc:creator>
        <enclosure url="https://zarechye.example/img/1.jpg" length="1000" type="image/jpeg"/></item>`,
      '<?xml version="1.0" encoding="windows-1251"?>',
    );
    const feed = parseFeedBytes(iconv.encode(xml, 'windows-1251'));
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Новости Заречья');
    expect(feed.items).toEqual([
      {
        externalId: 'news-1',
        url: 'https://zarechye.example/news/1',
        title: 'Ремонт моста завершён',
        text: 'Ремонт моста завершён\n\nДвижение открыто.\n\nПодрядчик уложился в срок «как обещал».',
        wroteAt: new Date('2026-11-28T06:15:00Z'),
        author: 'Ирина Петрова',
        media: ['https://zarechye.example/img/1.jpg'],
        views: null,
      },
    ]);
  });

  it('takes the HTTP charset over the prolog, and a BOM over both', () => {
    const xml = rss(
      '<item><title>Кириллица</title><link>https://a.example/1</link></item>',
      '<?xml version="1.0"?>',
    );
    expect(decodeFeed(iconv.encode(xml, 'koi8-r'), 'application/rss+xml; charset=KOI8-R')).toContain(
      'Кириллица',
    );
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]);
    expect(decodeFeed(bom, 'text/xml; charset=windows-1251')).toContain('Кириллица');
  });

  it('reads windows-1251 that declares nothing, as the bytes are not UTF-8; valid UTF-8 stays UTF-8', () => {
    const xml = rss('<item><title>Паводок на Сити</title><link>https://a.example/1</link></item>', '');
    expect(parseFeedBytes(iconv.encode(xml, 'windows-1251'), 'text/xml').items[0].title).toBe(
      'Паводок на Сити',
    );
    expect(parseFeedBytes(Buffer.from(xml, 'utf8')).items[0].title).toBe('Паводок на Сити');
  });

  it('reads Atom, a YouTube channel feed among them', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <title>Канал мэрии</title>
 <entry>
  <id>yt:video:abc123</id><yt:videoId>abc123</yt:videoId>
  <title>Прямой эфир: отчёт главы</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=abc123"/>
  <author><name>Мэрия Заречья</name></author>
  <published>2026-11-27T15:00:00+00:00</published><updated>2026-11-27T16:00:00+00:00</updated>
  <media:group><media:title>Прямой эфир: отчёт главы</media:title>
   <media:thumbnail url="https://i.ytimg.com/vi/abc123/hqdefault.jpg" width="480" height="360"/>
   <media:description>Глава ответил на вопросы жителей.
Вопросы о дорогах и школах.</media:description></media:group>
 </entry>
</feed>`;
    const feed = parseFeedText(xml);
    expect(feed.format).toBe('atom');
    expect(feed.items[0]).toMatchObject({
      externalId: 'yt:video:abc123',
      url: 'https://www.youtube.com/watch?v=abc123',
      author: 'Мэрия Заречья',
      wroteAt: new Date('2026-11-27T15:00:00Z'),
      text: 'Прямой эфир: отчёт главы\n\nГлава ответил на вопросы жителей.\nВопросы о дорогах и школах.',
      media: ['https://i.ytimg.com/vi/abc123/hqdefault.jpg'],
    });
  });

  it('reads RSS 1.0 (RDF) with Dublin Core dates', () => {
    const xml = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
 <channel rdf:about="https://blog.example/"><title>Блог краеведа</title><link>https://blog.example/</link><description>Заметки</description></channel>
 <item rdf:about="https://blog.example/2026/11/church"><title>Старая церковь</title><link>https://blog.example/2026/11/church</link>
  <description>Реставрация начнётся весной.</description><dc:date>2026-11-20T10:00:00+03:00</dc:date></item>
</rdf:RDF>`;
    const feed = parseFeedText(xml);
    expect(feed.format).toBe('rdf');
    expect(feed.items).toEqual([
      expect.objectContaining({
        externalId: 'https://blog.example/2026/11/church',
        text: 'Старая церковь\n\nРеставрация начнётся весной.',
        wroteAt: new Date('2026-11-20T07:00:00Z'),
      }),
    ]);
  });

  it('names the line of malformed XML in Russian', () => {
    const xml = rss('<item><title>Без конца</title>\n<link>https://a.example/1</link>\n</channel>');
    expect(() => parseFeedText(xml)).toThrow(FeedParseError);
    expect(() => parseFeedText(xml)).toThrow(/^Не удалось разобрать XML: строка \d+/);
  });

  it('refuses an empty body and a page that is not a feed, each with a reason', () => {
    expect(() => parseFeedText('  ')).toThrow('Лента пуста: сервер ответил без содержимого');
    expect(() => parseFeedText('<html><body><h1>Сайт</h1></body></html>')).toThrow(
      /^Это не лента RSS или Atom/,
    );
  });

  it('keeps the newest 500 of a feed of 50,000 items and counts the rest', () => {
    const items = Array.from(
      { length: 50_000 },
      (_, i) =>
        `<item><title>Новость ${i}</title><link>https://a.example/${i}</link><pubDate>${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toUTCString()}</pubDate></item>`,
    ).join('');
    const feed = parseFeedText(rss(items));
    expect(feed.items).toHaveLength(MAX_FEED_ITEMS);
    expect(feed.skipped).toBe(50_000 - MAX_FEED_ITEMS);
    expect(feed.items[0].externalId).toBe('https://a.example/49999');
  });

  it('reads an item without a guid by its link, skips one with neither, and keeps one of repeated ids', () => {
    const feed = parseFeedText(
      rss(
        `<item><title>Первая</title><link>https://a.example/1</link></item>
         <item><title>Без ссылки и guid</title></item>
         <item><title>Повтор</title><link>https://a.example/1</link></item>`,
      ),
    );
    expect(feed.items.map((i) => i.externalId)).toEqual(['https://a.example/1']);
  });
});
