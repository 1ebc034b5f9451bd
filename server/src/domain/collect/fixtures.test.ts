import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/collect-kit.ts';
import { parseFeedBytes } from './feed-parse.ts';
import { parseTelegramPreview } from './telegram-preview.ts';
import { parseVkWall } from './vk-wall.ts';

// The readers on the fixtures of fixtures/: a file per format, written as the sites serve them.

describe('fixtures in the real formats', () => {
  it('an RSS 2.0 feed of a news site in windows-1251: its bytes are no UTF-8 and read as Russian', () => {
    const bytes = fixture('rss-vesti-zarechye-1251.xml');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const feed = parseFeedBytes(bytes, 'application/rss+xml');
    expect(feed.title).toBe('Вести Заречья — новости города и района');
    expect(feed.items).toHaveLength(5);
    expect(feed.items[0]).toEqual({
      externalId: 'vz-48211',
      url: 'https://vesti-zarechye.example/news/2026/11/28/teplotrassa-sovetskaya/',
      title: 'На улице Советской начали менять трубы теплотрассы',
      text:
        'На улице Советской начали менять трубы теплотрассы\n\nРаботы продлятся до 15 декабря. На время ремонта ' +
        'движение по Советской от Садовой до Ленина будет ограничено.\n\nВ управлении ЖКХ обещают, что жители не ' +
        'останутся без тепла: подача идёт по обводной линии.',
      wroteAt: new Date('2026-11-28T15:20:00Z'),
      author: 'Анна Крылова',
      media: ['https://vesti-zarechye.example/upload/2026/11/teplotrassa.jpg'],
      views: null,
    });
    expect(feed.items[1].text).toBe(
      'Автобус №12 пойдёт по новому маршруту с понедельника\n\nМаршрут продлят до микрорайона «Северный». ' +
        'Интервал в часы пик — 12 минут, в остальное время — 20 минут.\nСтоимость проезда не изменится: 38 рублей.',
    );
  });

  it('an Atom feed: summaries and contents as text, the enclosure link as media', () => {
    const feed = parseFeedBytes(fixture('atom-press-sluzhba.xml'));
    expect(feed.format).toBe('atom');
    expect(feed.items.map((i) => i.externalId)).toEqual([
      'tag:zarechye-adm.example,2026:press/1187',
      'tag:zarechye-adm.example,2026:press/1185',
      'tag:zarechye-adm.example,2026:press/1179',
    ]);
    expect(feed.items[0].author).toBe('Ольга Воронцова');
    expect(feed.items[1].text).toBe(
      'Приём граждан главой района переносится на 3 декабря\n\nПриём пройдёт в здании администрации, кабинет 12, ' +
        'с 10:00 до 13:00.\nПредварительная запись по телефону 8 (800) 555-35-35.',
    );
    expect(feed.items[2].media).toEqual(['https://zarechye-adm.example/press/img/dvor.jpg']);
  });

  it('a YouTube channel feed: the video, its cover and its views', () => {
    const feed = parseFeedBytes(fixture('youtube-channel.xml'));
    expect(feed.title).toBe('Заречье ТВ');
    expect(feed.items[0]).toMatchObject({
      externalId: 'yt:video:Q7zR2kLmP0a',
      url: 'https://www.youtube.com/watch?v=Q7zR2kLmP0a',
      author: 'Заречье ТВ',
      views: 3481,
      media: [
        'https://www.youtube.com/v/Q7zR2kLmP0a?version=3',
        'https://i2.ytimg.com/vi/Q7zR2kLmP0a/hqdefault.jpg',
      ],
    });
    expect(feed.items[0].text).toContain('\nПодписывайтесь на канал');
  });

  it('a t.me/s page: a text post, a photo, a video and a forwarded post', () => {
    const page = parseTelegramPreview(fixture('telegram-zarechye_live.html').toString('utf8'));
    expect(page.title).toBe('Заречье Live');
    expect(page.oldestId).toBe(1204);
    const [text, photo, video, forwarded] = page.posts;
    expect(text).toMatchObject({
      externalId: 'zarechye_live/1204',
      text: '⚡️ Внимание, водители!\nС 20:00 до 6:00 закрыт проезд по мосту через Сить: меняют деформационные швы.\n\nОбъезд — через Заводскую улицу.',
      views: 9600,
      media: [],
      forwardedFrom: null,
      wroteAt: new Date('2026-11-28T14:02:31Z'),
    });
    expect(photo).toMatchObject({ views: 12_300, media: ['https://cdn4.telesco.pe/file/elka_ploshad.jpg'] });
    expect(video.media).toEqual([
      'https://cdn4.telesco.pe/file/dtp_zavodskaya.jpg',
      'https://cdn4.telesco.pe/file/dtp_zavodskaya.mp4?token=Qm9yZWFsaXM',
    ]);
    expect(video.text).toContain('ГИБДД просит объезжать перекрёсток');
    expect(forwarded).toMatchObject({
      forwardedFrom: 'gorod_info/5521',
      text: 'Горячую воду в домах на Садовой, 4–18 дадут до конца суток, сообщили в управляющей компании.',
    });
  });

  it('a VK wall.get answer: ids, texts with the reposted one, counts and the largest sizes', () => {
    const posts = parseVkWall(fixture('vk-wall-zarechye.json').toString('utf8'));
    expect(posts.map((p) => p.externalId)).toEqual([
      '-218765432_9184',
      '-218765432_9183',
      '-218765432_9182',
      '-218765432_9180',
    ]);
    expect(posts[0]).toEqual({
      externalId: '-218765432_9184',
      url: 'https://vk.com/wall-218765432_9184',
      text:
        'В парке Победы завершили первый этап благоустройства: новые дорожки, фонари и площадка для воркаута.\n\n' +
        'Второй этап — весной: сцена и детский городок.',
      wroteAt: new Date(1764346800 * 1000),
      views: 8734,
      reposts: 17,
      comments: 14,
      media: [{ type: 'image', url: 'https://sun9-41.userapi.example/s/v1/ig2/park_w.jpg' }],
      copyOf: null,
    });
    expect(posts[1].media).toEqual([
      { type: 'video', url: 'https://vk.com/video-218765432_456239871' },
      { type: 'image', url: 'https://sun9-12.userapi.example/impg/session_800.jpg' },
    ]);
    expect(posts[2]).toMatchObject({
      text: 'Поддерживаем коллег из здравоохранения 👇\n\n3 декабря в поликлинике №1 — день донора. Приходите с 8:00 до 12:00, с собой паспорт и СНИЛС.',
      copyOf: '-190012345_5521',
      media: [{ type: 'image', url: 'https://sun9-77.userapi.example/s/v1/ig2/donor_z.jpg' }],
    });
  });
});
