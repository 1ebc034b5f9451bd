/**
 * The feeds of `npm run bench:collect` (collect-measure.ts), served by their own process so that the bench's CPU
 * is the collector's alone: `/feed/<n>.xml` is an RSS 2.0 feed of ITEMS items with distinct Russian texts, its
 * ETag `"feed-<n>-v1"`, and a 304 to a request that sends it back. It listens on 0.0.0.0, so every address of
 * 127/8 reaches it (the bench gives each feed its own loopback address: its own host for the politeness gate).
 * Prints `{"port": N}` once listening.
 *   node --import tsx bench/collect-feeds-server.ts ITEMS
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const ITEMS = Number(process.argv[2] ?? 50);

const WORDS = (
  'район город жители администрация дорога ремонт школа больница автобус маршрут мост улица площадь парк ' +
  'отопление вода свет газ тариф бюджет депутат совет глава выборы праздник концерт выставка музей театр ' +
  'спорт стадион турнир команда победа снег мороз паводок урожай ферма завод рабочие зарплата пенсия ' +
  'очередь поликлиника врач прививка двор детская площадка субботник мусор вывоз контейнер остановка ' +
  'пробка авария полиция пожар спасатели волонтёры приют собака кошка библиотека конкурс грант проект'
).split(' ');

/** A deterministic generator per (feed, item): the same feed answers the same bytes every time. */
function words(seed: number, count: number): string {
  let x = seed >>> 0 || 1;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.push(WORDS[(x >>> 0) % WORDS.length]);
  }
  return out.join(' ');
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const base = Date.UTC(2026, 10, 1);

function feed(n: number): string {
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const seed = n * 7919 + i * 104_729 + 1;
    const title = words(seed, 6);
    const text = words(seed * 31 + 7, 40);
    return `<item><title>${xmlText(title)}</title><link>https://bench-${n}.example/news/${i}</link>
<guid isPermaLink="false">bench-${n}-${i}</guid><pubDate>${new Date(base + (n * ITEMS + i) * 17_000).toUTCString()}</pubDate>
<description><![CDATA[<p>${xmlText(text)}</p>]]></description></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Лента ${n}</title><link>https://bench-${n}.example/</link>
<description>Новости района ${n}</description>
${items}
</channel></rss>`;
}

const bodies = new Map<number, Buffer>();
const server = createServer((req, res) => {
  const found = /^\/feed\/(\d+)\.xml$/.exec(req.url ?? '');
  if (!found) {
    res.writeHead(404);
    res.end();
    return;
  }
  const n = Number(found[1]);
  const etag = `"feed-${n}-v1"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag });
    res.end();
    return;
  }
  let body = bodies.get(n);
  if (!body) {
    body = Buffer.from(feed(n));
    bodies.set(n, body);
  }
  res.writeHead(200, {
    'content-type': 'application/rss+xml; charset=utf-8',
    etag,
    'content-length': body.length,
  });
  res.end(body);
});
server.keepAliveTimeout = 1000;
server.listen(0, '0.0.0.0', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
