import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { answer, buildFeed, collectDeps, type FeedServer, startFeedServer } from '../../test/collect-kit.ts';
import { openTestDatabase } from '../../test/database.ts';
import { buildIngestSources, buildSource } from '../../test/factories-directories.ts';
import { type CollectDeps, collectFeed, TELEGRAM_NO_POSTS, VK_TOKEN_MISSING } from './collector.ts';
import { HostGate } from './host-gate.ts';

// The issue's bad input (docs/collectors.md "Bad input"), each against the local server: a clear error on the
// feed and in its log, never a crash, a hang or a half-written batch.

let database: Database;
let server: FeedServer;
let platformId: number;
const TELEGRAM = 1;
const MINUTE = 60_000;

beforeAll(async () => {
  database = await openTestDatabase();
  await buildIngestSources(database.db);
  platformId = (await buildSource(database.db, { name: 'bad.example', host: 'bad.example' })).id;
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

let n = 0;
/** An RSS feed at a fresh path served by `route`. */
async function rssFeed(route: Parameters<FeedServer['on']>[1], extra: { intervalMinutes?: number } = {}) {
  const path = `/bad/${++n}.xml`;
  server.on(path, route);
  return buildFeed(database.db, { kind: 'rss', url: `${server.url}${path}`, sourceId: platformId, ...extra });
}

const collect = (feedId: number, deps: CollectDeps = collectDeps(server)) =>
  collectFeed(database.db, deps, feedId, { trigger: 'schedule', userId: null });

async function state(feedId: number) {
  const [feed] = await queryRows<{
    last_status: number | null;
    last_error: string | null;
    failures: number;
    next_run_at: string;
    lease_owner: string | null;
    etag: string | null;
  }>(
    database.db,
    sql`select last_status, last_error, failures, next_run_at, lease_owner, etag from feeds where id = ${feedId}`,
  );
  const runs = await queryRows<{ http_status: number | null; error: string | null; created: number }>(
    database.db,
    sql`select http_status, error, created from feed_runs where feed_id = ${feedId} order by id`,
  );
  return { ...feed, nextInMs: new Date(feed.next_run_at).getTime() - Date.now(), runs };
}

const storedUnder = async (prefix: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from messages where external_id like ${`${prefix}%`}`,
      )
    )[0].n,
  );

const rss = (items: string, prolog = '<?xml version="1.0" encoding="utf-8"?>') =>
  `${prolog}<rss version="2.0"><channel><title>Плохие новости</title>${items}</channel></rss>`;
const item = (id: string, title: string, date?: Date) =>
  `<item><guid>${id}</guid><title>${title}</title><link>https://bad.example/${encodeURIComponent(id)}</link>${
    date ? `<pubDate>${date.toUTCString()}</pubDate>` : ''
  }</item>`;

describe('bad input leaves a clear error and stores nothing half-way', () => {
  it('malformed XML: the line in Russian, the 200 kept, one failure, the next try after the interval', async () => {
    const feed = await rssFeed(
      answer(rss(`${item('malformed-1', 'Первая')}\n<item><title>Без конца</title>\n`), {
        'content-type': 'application/rss+xml',
      }),
    );
    const result = await collect(feed.id);
    expect(result.error).toMatch(/^Не удалось разобрать XML: строка \d+ \(.+\)$/);
    expect(result).toMatchObject({ fetched: 0, created: 0 });
    const s = await state(feed.id);
    expect(s).toMatchObject({ last_status: 200, last_error: result.error, failures: 1, lease_owner: null });
    expect(s.runs).toEqual([{ http_status: 200, error: result.error, created: 0 }]);
    expect(s.nextInMs).toBeGreaterThan(0.85 * 15 * MINUTE);
    expect(await storedUnder('malformed-')).toBe(0);
  });

  it('a feed of 50,000 items: the newest 500 stored, the rest counted as skipped', async () => {
    const items = Array.from({ length: 50_000 }, (_, i) =>
      item(`big-${i}`, `Новость ${i}`, new Date(Date.UTC(2026, 9, 1) + i * MINUTE)),
    ).join('');
    const feed = await rssFeed(answer(rss(items), { 'content-type': 'application/rss+xml' }));
    expect(await collect(feed.id)).toEqual({
      fetched: 500,
      created: 500,
      updated: 0,
      skipped: 49_500,
      error: null,
    });
    expect(await storedUnder('big-')).toBe(500);
    expect(await storedUnder('big-49999')).toBe(1);
  });

  it('a 20 MB body: refused at 10 MB', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'а');
    const feed = await rssFeed((_request, res) => {
      // No Content-Length: the limit is met while reading.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      let sent = 0;
      const more = () => {
        while (sent < 20) {
          sent++;
          if (!res.write(chunk)) {
            res.once('drain', more);
            return;
          }
        }
        res.end();
      };
      res.on('error', () => {});
      more();
    });
    const result = await collect(feed.id);
    expect(result.error).toBe('Лента недоступна: Ответ больше 10 МБ');
    expect(await state(feed.id)).toMatchObject({ last_status: null, failures: 1 });
  });

  it('a body that never ends (slow loris): cut at the deadline', async () => {
    const timers: NodeJS.Timeout[] = [];
    const feed = await rssFeed((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
      const timer = setInterval(() => res.write(' '), 100);
      timers.push(timer);
      res.on('close', () => clearInterval(timer));
    });
    const result = await collect(feed.id, collectDeps(server, { timeoutMs: 800 }));
    for (const timer of timers) clearInterval(timer);
    expect(result.error).toBe('Лента недоступна: Превышено время ожидания (0,8 с)');
    expect((await state(feed.id)).runs).toHaveLength(1);
  });

  it('a redirect loop, and a redirect to a refused address', async () => {
    const loop = await rssFeed((request, res) => {
      res.writeHead(302, { location: request.url });
      res.end();
    });
    expect((await collect(loop.id)).error).toBe('Лента недоступна: Больше 5 перенаправлений');
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/feed.xml']) {
      const away = await rssFeed((_request, res) => {
        res.writeHead(301, { location: target });
        res.end();
      });
      const result = await collect(away.id);
      expect(result.error).toMatch(
        new RegExp(`^Лента недоступна: Адрес ${new URL(target).hostname.replace(/\./g, '\\.')} запрещён`),
      );
    }
  });

  it('a 500, then again: «Лента недоступна: 500» and the backoff doubles', async () => {
    const feed = await rssFeed(answer('Internal Server Error', {}, 500), { intervalMinutes: 10 });
    expect((await collect(feed.id)).error).toBe('Лента недоступна: 500');
    const first = await state(feed.id);
    expect(first).toMatchObject({ last_status: 500, failures: 1 });
    expect(first.nextInMs).toBeLessThan(11 * MINUTE + 1000);
    await collect(feed.id);
    const second = await state(feed.id);
    expect(second.failures).toBe(2);
    expect(second.nextInMs).toBeGreaterThan(18 * MINUTE - 1000);
    expect(second.nextInMs).toBeLessThan(22 * MINUTE + 1000);
  });

  it('429 with Retry-After: the next run then, the host paused, another feed of the host postponed unasked', async () => {
    const gate = new HostGate({ delayMs: 0 });
    const deps = collectDeps(server, { hostGate: gate });
    const feed = await rssFeed(answer('Too Many Requests', { 'retry-after': '90' }, 429));
    const result = await collect(feed.id, deps);
    expect(result.error).toBe('Лента недоступна: 429 (сервер просит повторить через 90 с)');
    const s = await state(feed.id);
    expect(s).toMatchObject({ last_status: 429, failures: 1 });
    expect(s.nextInMs).toBeGreaterThan(85_000);
    expect(s.nextInMs).toBeLessThan(95_000);
    const host = new URL(server.url).host;
    expect(gate.pausedUntil(host)).not.toBeNull();

    // With a pause longer than a request may wait, a scheduled run of another feed of the host asks nothing: it
    // moves to the pause's end, with no run in the log and no failure.
    const gate2 = new HostGate({ delayMs: 0, maxWaitMs: 1000 });
    gate2.pause(host, new Date(Date.now() + 5 * MINUTE));
    const other = await rssFeed(answer(rss(item('never-asked', 'Не спрошено'))));
    const before = server.requests.length;
    expect(await collect(other.id, collectDeps(server, { hostGate: gate2 }))).toMatchObject({ error: null });
    expect(server.requests.length).toBe(before);
    const postponed = await state(other.id);
    expect(postponed).toMatchObject({ failures: 0, lease_owner: null, runs: [] });
    expect(postponed.nextInMs).toBeGreaterThan(4 * MINUTE);
    // «Собрать сейчас» says so instead.
    const manual = await collectFeed(database.db, collectDeps(server, { hostGate: gate2 }), other.id, {
      trigger: 'manual',
      userId: null,
    });
    expect(manual.error).toMatch(/^Сервер 127\.0\.0\.1:\d+ просил повторить позже: через [45] мин$/);
    expect((await state(other.id)).failures).toBe(0);
  });

  it('503 with Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 10 * MINUTE);
    const feed = await rssFeed(answer('Service Unavailable', { 'retry-after': at.toUTCString() }, 503));
    const result = await collect(feed.id, collectDeps(server, { hostGate: new HostGate({ delayMs: 0 }) }));
    expect(result.error).toMatch(/^Лента недоступна: 503 \(сервер просит повторить через (9|10) мин\)$/);
    expect(Math.abs(new Date((await state(feed.id)).next_run_at).getTime() - at.getTime())).toBeLessThan(
      2000,
    );
  });

  it('gzip, and windows-1251 that declares nothing', async () => {
    const zipped = await rssFeed((_request, res) => {
      res.writeHead(200, {
        'content-type': 'application/rss+xml; charset=utf-8',
        'content-encoding': 'gzip',
      });
      res.end(gzipSync(rss(item('gzip-1', 'Сжатая новость о ремонте'))));
    });
    expect(await collect(zipped.id)).toMatchObject({ created: 1, error: null });
    const cp1251 = await rssFeed(
      answer(
        iconv.encode(
          rss(item('cp1251-1', 'Паводок на Сити: вода отступает'), '<?xml version="1.0"?>'),
          'win1251',
        ),
        {
          'content-type': 'text/xml',
        },
      ),
    );
    expect(await collect(cp1251.id)).toMatchObject({ created: 1, error: null });
    const [row] = await queryRows<{ text: string }>(
      database.db,
      sql`select text from messages where external_id = 'cp1251-1'`,
    );
    expect(row.text).toBe('Паводок на Сити: вода отступает');
  });

  it('a t.me page whose layout changed: says no posts were found', async () => {
    server.on(
      '/s/changed_layout',
      answer(
        `<html><body><div class="channel_post" data-id="changed_layout/5"><p>Пост в новой разметке</p></div></body></html>`,
      ),
    );
    const feed = await buildFeed(database.db, {
      kind: 'telegram',
      url: 'https://t.me/changed_layout',
      sourceId: TELEGRAM,
    });
    const result = await collect(feed.id);
    expect(result).toEqual({ fetched: 0, created: 0, updated: 0, skipped: 0, error: TELEGRAM_NO_POSTS });
    expect(await state(feed.id)).toMatchObject({
      last_status: 200,
      last_error: TELEGRAM_NO_POSTS,
      failures: 1,
    });
  });

  it('items without a date, dated ahead, with one id twice: the undated at the fetch time, the far ones skipped', async () => {
    const now = Date.now();
    const feed = await rssFeed(
      answer(
        rss(
          [
            item('dates-undated', 'Без даты'),
            item('dates-soon', 'Через два часа', new Date(now + 2 * 3600_000)),
            item('dates-far', 'Через три дня', new Date(now + 3 * 24 * 3600_000)),
            item('dates-twice', 'Первый раз', new Date(now - 3600_000)),
            item('dates-twice', 'Второй раз', new Date(now - 1800_000)),
          ].join(''),
        ),
      ),
    );
    const result = await collect(feed.id);
    expect(result).toMatchObject({ created: 3, updated: 0, error: null });
    expect(result.skipped).toBe(result.fetched - 3);
    const rows = await queryRows<{ external_id: string; wrote_at: string }>(
      database.db,
      sql`select external_id, wrote_at from messages where external_id like 'dates-%' order by external_id`,
    );
    expect(rows.map((r) => r.external_id)).toEqual(['dates-soon', 'dates-twice', 'dates-undated']);
    const undated = new Date(rows[2].wrote_at).getTime();
    expect(Math.abs(undated - now)).toBeLessThan(MINUTE);
  });

  it('NUL bytes, unpaired surrogates and a 300-character guid are cleaned, not refused', async () => {
    server.on(
      '/s/hostile_chan',
      answer(
        `<div class="tgme_widget_message" data-post="hostile_chan/1">
           <div class="tgme_widget_message_text">Текст \u0000с нулём и &#xD800; половинкой</div>
           <a class="tgme_widget_message_date"><time datetime="2026-11-28T10:00:00+00:00"></time></a></div>`,
      ),
    );
    const channel = await buildFeed(database.db, {
      kind: 'telegram',
      url: 'https://t.me/hostile_chan',
      sourceId: TELEGRAM,
      backfilled: true,
    });
    expect(await collect(channel.id)).toMatchObject({ created: 1, error: null });
    const [post] = await queryRows<{ text: string }>(
      database.db,
      sql`select text from messages where external_id = 'hostile_chan/1'`,
    );
    expect(post.text).toMatch(/^Текст с нулём и .+ половинкой$/);
    expect(post.text.includes('\u0000')).toBe(false);
    expect(post.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);

    const feed = await rssFeed(answer(rss(item(`long-${'x'.repeat(295)}`, 'Длинный guid'))));
    expect(await collect(feed.id)).toMatchObject({ created: 1, error: null });
    const [long] = await queryRows<{ external_id: string }>(
      database.db,
      sql`select external_id from messages where source_id = ${platformId} and text = 'Длинный guid'`,
    );
    expect(long.external_id).toMatch(/^sha1:[0-9a-f]{40}$/);
  });

  it('a VK wall without the service token asks nothing; an error answer is named', async () => {
    const vk = 2;
    const before = server.hits('/method/wall.get').length;
    const feed = await buildFeed(database.db, {
      kind: 'vk',
      url: 'https://vk.com/closed_wall',
      sourceId: vk,
    });
    expect((await collect(feed.id)).error).toBe(VK_TOKEN_MISSING);
    expect(server.hits('/method/wall.get')).toHaveLength(before);
    expect(await state(feed.id)).toMatchObject({ last_status: null, last_error: VK_TOKEN_MISSING });

    await database.db.execute(
      sql`insert into app_secrets (key, value, label) values ('vk_service_token', 'vk1.a.revoked-token-000000', '0000')`,
    );
    server.on(
      '/method/wall.get',
      answer(JSON.stringify({ error: { error_code: 15, error_msg: 'Access denied: wall is disabled' } })),
    );
    expect((await collect(feed.id)).error).toBe(
      'ВКонтакте ответил ошибкой 15: доступ к стене запрещён (Access denied: wall is disabled)',
    );
    expect((await state(feed.id)).failures).toBe(2);
  });
});
