import { FEED_LIMITS, VK_TOKEN_SECRET_KEY } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import {
  answer,
  buildFeed,
  collectDeps,
  type FeedServer,
  fixture,
  startFeedServer,
} from '../../test/collect-kit.ts';
import { openTestDatabase } from '../../test/database.ts';
import { buildUser } from '../../test/factories.ts';
import { buildIngestSources, buildSource } from '../../test/factories-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { saveSecret } from '../secrets-queries.ts';
import { type FeedRunRecord, recordFeedRuns, takeFeedLease } from './collect-queries.ts';
import { collectFeed, FeedBusyError, FeedNotFoundError, feedPausedReason } from './collector.ts';

// One fetch of each kind of feed against a local server serving the fixtures (docs/collectors.md "Collection"):
// the messages with their lom, the run, the feed's state, conditional requests and metric updates.

let database: Database;
let server: FeedServer;
const TELEGRAM = 1;
const VK = 2;

beforeAll(async () => {
  database = await openTestDatabase();
  await buildIngestSources(database.db);
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

interface StoredMessage {
  external_id: string;
  lom_id: number | null;
  lom_source_id: number | null;
  lom_name: string | null;
  text: string;
  url: string | null;
  number_views: number;
  repost_count: number;
  comments_count: number;
  media: { type: string; url: string }[];
  wrote_at: Date;
}

const messagesOf = async (sourceId: number) =>
  (
    await queryRows<StoredMessage>(
      database.db,
      sql`select external_id, lom_id, lom_source_id, lom_name, text, url, number_views::int, repost_count,
                 comments_count, media, wrote_at
            from messages where source_id = ${sourceId} order by wrote_at desc, external_id`,
    )
  ).map((m) => ({ ...m, wrote_at: new Date(m.wrote_at) }));

const runsOf = (feedId: number) =>
  queryRows<{
    trigger: string;
    http_status: number | null;
    fetched: number;
    created: number;
    updated: number;
    skipped: number;
    error: string | null;
  }>(
    database.db,
    sql`select trigger, http_status, fetched, created, updated, skipped, error from feed_runs
         where feed_id = ${feedId} order by id`,
  );

const feedState = async (feedId: number) =>
  (
    await queryRows<{
      last_status: number | null;
      last_error: string | null;
      failures: number;
      etag: string | null;
      backfilled: boolean;
      last_fetch_at: Date | null;
      last_success_at: Date | null;
      next_run_at: Date;
      lease_until: Date | null;
      lease_owner: string | null;
    }>(
      database.db,
      sql`select last_status, last_error, failures, etag, backfilled, last_fetch_at, last_success_at, next_run_at,
                 lease_until, lease_owner from feeds where id = ${feedId}`,
    )
  )[0];

describe('collecting each kind of feed', () => {
  it('stores an RSS feed in windows-1251 as messages of its lom and account, and records the run', async () => {
    const platform = await buildSource(database.db, {
      name: 'Вести Заречья',
      host: 'vesti-zarechye.example',
    });
    const lom = await buildLom(database.db, { name: 'Вести Заречья (редакция)' });
    const account = await buildLomSource(database.db, {
      lomId: lom.id,
      sourceId: platform.id,
      url: 'https://vesti-zarechye.example/',
    });
    server.on(
      '/vesti/rss/',
      answer(fixture('rss-vesti-zarechye-1251.xml'), { 'content-type': 'application/rss+xml' }),
    );
    const feed = await buildFeed(database.db, {
      kind: 'rss',
      url: `${server.url}/vesti/rss/`,
      sourceId: platform.id,
      lomId: lom.id,
      lomSourceId: account.id,
    });
    const before = Date.now();
    const result = await collectFeed(database.db, collectDeps(server), feed.id, {
      trigger: 'schedule',
      userId: null,
      lease: 'take',
    });
    expect(result).toEqual({ fetched: 5, created: 5, updated: 0, skipped: 0, error: null });
    const stored = await messagesOf(platform.id);
    expect(stored).toHaveLength(5);
    expect(stored.every((m) => m.lom_id === lom.id && m.lom_source_id === account.id)).toBe(true);
    expect(stored[0]).toMatchObject({
      external_id: 'vz-48211',
      lom_name: 'Анна Крылова',
      url: 'https://vesti-zarechye.example/news/2026/11/28/teplotrassa-sovetskaya/',
      media: [{ type: 'image', url: 'https://vesti-zarechye.example/upload/2026/11/teplotrassa.jpg' }],
      wrote_at: new Date('2026-11-28T15:20:00Z'),
    });
    expect(stored[0].text).toContain('не останутся без тепла');
    expect(stored.find((m) => m.external_id === 'vz-48172')?.media).toEqual([
      { type: 'video', url: 'https://vesti-zarechye.example/upload/2026/11/glava-vstrecha.mp4' },
    ]);

    expect(await runsOf(feed.id)).toEqual([
      { trigger: 'schedule', http_status: 200, fetched: 5, created: 5, updated: 0, skipped: 0, error: null },
    ]);
    const state = await feedState(feed.id);
    expect(state).toMatchObject({ last_status: 200, last_error: null, failures: 0, lease_owner: null });
    expect(state.lease_until).toBeNull();
    expect(state.last_success_at).not.toBeNull();
    // The interval (15 minutes) with ±10 % jitter.
    const next = new Date(state.next_run_at).getTime() - before;
    expect(next).toBeGreaterThanOrEqual(0.9 * 15 * 60_000 - 1000);
    expect(next).toBeLessThanOrEqual(1.1 * 15 * 60_000 + 60_000);
    // A scheduled collection logs the ingested batch under no user.
    const [logged] = await queryRows<{ user_id: number | null; new_value: { created: number } }>(
      database.db,
      sql`select user_id, new_value from user_actions where action = 'message.ingest' order by id desc limit 1`,
    );
    expect(logged).toMatchObject({ user_id: null, new_value: { created: 5 } });
  });

  it('stores an Atom feed and a YouTube channel feed, with the views and the video', async () => {
    const site = await buildSource(database.db, {
      name: 'zarechye-adm.example',
      host: 'zarechye-adm.example',
    });
    const youtube = await buildSource(database.db, { name: 'YouTube', host: 'youtube.com' });
    const lom = await buildLom(database.db, { name: 'Администрация Заречного района' });
    server.on(
      '/adm/atom.xml',
      answer(fixture('atom-press-sluzhba.xml'), { 'content-type': 'application/atom+xml' }),
    );
    server.on('/feeds/videos.xml', answer(fixture('youtube-channel.xml'), { 'content-type': 'text/xml' }));
    const atom = await buildFeed(database.db, {
      kind: 'rss',
      url: `${server.url}/adm/atom.xml`,
      sourceId: site.id,
      lomId: lom.id,
    });
    const tube = await buildFeed(database.db, {
      kind: 'rss',
      url: `${server.url}/feeds/videos.xml?channel_id=UCzrChNewsTv0000000000aa`,
      sourceId: youtube.id,
      lomId: lom.id,
    });
    const deps = collectDeps(server);
    const take = { trigger: 'manual', userId: null, lease: 'take' } as const;
    expect(await collectFeed(database.db, deps, atom.id, take)).toMatchObject({ created: 3, error: null });
    expect(await collectFeed(database.db, deps, tube.id, take)).toMatchObject({ created: 2, error: null });

    const press = await messagesOf(site.id);
    expect(press.map((m) => [m.external_id, m.lom_id, m.lom_name])).toEqual([
      ['tag:zarechye-adm.example,2026:press/1187', lom.id, 'Ольга Воронцова'],
      ['tag:zarechye-adm.example,2026:press/1185', lom.id, 'Пресс-служба администрации Заречного района'],
      ['tag:zarechye-adm.example,2026:press/1179', lom.id, 'Пресс-служба администрации Заречного района'],
    ]);
    const videos = await messagesOf(youtube.id);
    expect(videos[0]).toMatchObject({
      external_id: 'yt:video:Q7zR2kLmP0a',
      lom_id: lom.id,
      lom_name: 'Заречье ТВ',
      number_views: 3481,
      media: [
        { type: 'video', url: 'https://www.youtube.com/v/Q7zR2kLmP0a?version=3' },
        { type: 'image', url: 'https://i2.ytimg.com/vi/Q7zR2kLmP0a/hqdefault.jpg' },
      ],
    });
  });

  it('stores a Telegram channel with its pages back on the first fetch, and only the first page after', async () => {
    const lom = await buildLom(database.db, { name: 'Заречье Live' });
    const account = await buildLomSource(database.db, {
      lomId: lom.id,
      sourceId: TELEGRAM,
      url: 'https://t.me/zarechye_live',
    });
    server.on(
      '/s/zarechye_live',
      answer(fixture('telegram-zarechye_live.html'), { 'content-type': 'text/html' }),
    );
    server.on(
      '/s/zarechye_live?before=1204',
      answer(fixture('telegram-zarechye_live-before-1204.html'), { 'content-type': 'text/html' }),
    );
    // The channel's beginning: no older posts.
    server.on('/s/zarechye_live?before=1200', answer('<html><body><section></section></body></html>'));
    const feed = await buildFeed(database.db, {
      kind: 'telegram',
      url: 'https://t.me/zarechye_live',
      sourceId: TELEGRAM,
      lomId: lom.id,
      lomSourceId: account.id,
    });
    const deps = collectDeps(server);
    const result = await collectFeed(database.db, deps, feed.id, { trigger: 'schedule', userId: null });
    expect(result).toEqual({ fetched: 8, created: 8, updated: 0, skipped: 0, error: null });
    expect(server.hits('/s/zarechye_live').map((r) => r.url)).toEqual([
      '/s/zarechye_live',
      '/s/zarechye_live?before=1204',
      '/s/zarechye_live?before=1200',
    ]);
    expect((await feedState(feed.id)).backfilled).toBe(true);

    const stored = await messagesOf(TELEGRAM);
    expect(stored.map((m) => m.external_id)).toEqual([
      'zarechye_live/1207',
      'zarechye_live/1206',
      'zarechye_live/1205',
      'zarechye_live/1204',
      'zarechye_live/1203',
      'zarechye_live/1202',
      'zarechye_live/1201',
      'zarechye_live/1200',
    ]);
    expect(stored.every((m) => m.lom_id === lom.id && m.lom_source_id === account.id)).toBe(true);
    const byId = new Map(stored.map((m) => [m.external_id, m]));
    expect(byId.get('zarechye_live/1205')).toMatchObject({
      number_views: 12_300,
      lom_name: 'Заречье Live',
      url: 'https://t.me/zarechye_live/1205',
      media: [{ type: 'image', url: 'https://cdn4.telesco.pe/file/elka_ploshad.jpg' }],
    });
    expect(byId.get('zarechye_live/1206')?.media).toEqual([
      { type: 'image', url: 'https://cdn4.telesco.pe/file/dtp_zavodskaya.jpg' },
      { type: 'video', url: 'https://cdn4.telesco.pe/file/dtp_zavodskaya.mp4?token=Qm9yZWFsaXM' },
    ]);
    expect(byId.get('zarechye_live/1207')?.text).toContain('Горячую воду в домах на Садовой');

    // The next fetch reads the first page only, and stores nothing new: every post is as stored.
    const again = await collectFeed(database.db, deps, feed.id, { trigger: 'schedule', userId: null });
    expect(again).toEqual({ fetched: 4, created: 0, updated: 0, skipped: 4, error: null });
    expect(server.hits('/s/zarechye_live')).toHaveLength(4);
  });

  it('names a forwarded post as a copy of its original when the original is stored', async () => {
    server.on(
      '/s/gorod_info',
      answer(
        `<div class="tgme_channel_info_header_title">Город Инфо</div>
         <div class="tgme_widget_message" data-post="gorod_info/5521">
           <div class="tgme_widget_message_text">Горячую воду в домах на Садовой, 4–18 дадут до конца суток.</div>
           <a class="tgme_widget_message_date"><time datetime="2026-11-28T17:00:00+00:00"></time></a></div>`,
      ),
    );
    const original = await buildFeed(database.db, {
      kind: 'telegram',
      url: 'https://t.me/gorod_info',
      sourceId: TELEGRAM,
      backfilled: true,
    });
    await collectFeed(database.db, collectDeps(server), original.id, { trigger: 'manual', userId: null });
    server.on(
      '/s/zarechye_copies',
      answer(
        `<div class="tgme_widget_message" data-post="zarechye_copies/9">
           <div class="tgme_widget_message_forwarded_from">Forwarded from <a href="https://t.me/gorod_info/5521">Город Инфо</a></div>
           <div class="tgme_widget_message_text">Горячую воду в домах на Садовой, 4–18 дадут до конца суток.</div>
           <a class="tgme_widget_message_date"><time datetime="2026-11-28T17:30:00+00:00"></time></a></div>`,
      ),
    );
    const copies = await buildFeed(database.db, {
      kind: 'telegram',
      url: 'https://t.me/zarechye_copies',
      sourceId: TELEGRAM,
      backfilled: true,
    });
    await collectFeed(database.db, collectDeps(server), copies.id, { trigger: 'manual', userId: null });
    const [row] = await queryRows<{ copy_of: string | null }>(
      database.db,
      sql`select o.external_id as copy_of from messages m left join messages o on o.id = m.copy_from_id
           where m.source_id = ${TELEGRAM} and m.external_id = 'zarechye_copies/9'`,
    );
    expect(row.copy_of).toBe('gorod_info/5521');
  });

  it('stores a VK wall through wall.get with the service token', async () => {
    await saveSecret(database.db, VK_TOKEN_SECRET_KEY, 'vk1.a.service-token-for-tests-0001', '0001');
    const lom = await buildLom(database.db, { name: 'Администрация района ВКонтакте' });
    server.on(
      '/method/wall.get',
      answer(fixture('vk-wall-zarechye.json'), { 'content-type': 'application/json' }),
    );
    const feed = await buildFeed(database.db, {
      kind: 'vk',
      url: 'https://vk.com/zarechye_adm',
      sourceId: VK,
      lomId: lom.id,
    });
    const result = await collectFeed(database.db, collectDeps(server), feed.id, {
      trigger: 'schedule',
      userId: null,
    });
    expect(result).toEqual({ fetched: 4, created: 4, updated: 0, skipped: 0, error: null });
    const [request] = server.hits('/method/wall.get');
    const query = new URL(request.url, server.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      domain: 'zarechye_adm',
      count: '100',
      v: '5.199',
      access_token: 'vk1.a.service-token-for-tests-0001',
    });
    const stored = await messagesOf(VK);
    expect(stored[0]).toMatchObject({
      external_id: '-218765432_9184',
      url: 'https://vk.com/wall-218765432_9184',
      lom_id: lom.id,
      lom_name: 'Администрация района ВКонтакте',
      number_views: 8734,
      repost_count: 17,
      comments_count: 14,
      media: [{ type: 'image', url: 'https://sun9-41.userapi.example/s/v1/ig2/park_w.jpg' }],
    });
    expect(stored.find((m) => m.external_id === '-218765432_9182')?.text).toContain('день донора');
  });
});

describe('fetching again', () => {
  it('sends the ETag and the date back, gets a 304 and creates nothing', async () => {
    const platform = await buildSource(database.db, { name: 'etag.example', host: 'etag.example' });
    const body = fixture('atom-press-sluzhba.xml');
    server.on('/etag/feed.xml', (request, res) => {
      if (request.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"' });
        res.end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/atom+xml',
        etag: '"v1"',
        'last-modified': 'Sat, 28 Nov 2026 13:05:00 GMT',
      });
      res.end(body);
    });
    const feed = await buildFeed(database.db, {
      kind: 'rss',
      url: `${server.url}/etag/feed.xml`,
      sourceId: platform.id,
    });
    const deps = collectDeps(server);
    expect(
      await collectFeed(database.db, deps, feed.id, { trigger: 'schedule', userId: null }),
    ).toMatchObject({
      created: 3,
    });
    expect(await feedState(feed.id)).toMatchObject({ etag: '"v1"' });
    const second = await collectFeed(database.db, deps, feed.id, { trigger: 'schedule', userId: null });
    expect(second).toEqual({ fetched: 0, created: 0, updated: 0, skipped: 0, error: null });
    const [, conditional] = server.hits('/etag/feed.xml');
    expect(conditional.headers).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Sat, 28 Nov 2026 13:05:00 GMT',
    });
    expect((await runsOf(feed.id)).map((r) => [r.http_status, r.created])).toEqual([
      [200, 3],
      [304, 0],
    ]);
    expect(await feedState(feed.id)).toMatchObject({ last_status: 304, last_error: null, etag: '"v1"' });
    expect(await messagesOf(platform.id)).toHaveLength(3);
  });

  it('updates the views of posts seen again with new counts, and skips the unchanged ones', async () => {
    const page = (views: string[]) =>
      views
        .map(
          (v, i) => `<div class="tgme_widget_message" data-post="metrics_chan/${i + 1}">
            <div class="tgme_widget_message_text">Пост номер ${i + 1} о погоде в Заречье</div>
            <span class="tgme_widget_message_views">${v}</span>
            <a class="tgme_widget_message_date"><time datetime="2026-11-2${i}T10:00:00+00:00"></time></a></div>`,
        )
        .join('');
    let views = ['100', '200', '300'];
    server.on('/s/metrics_chan', (_request, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page(views));
    });
    const feed = await buildFeed(database.db, {
      kind: 'telegram',
      url: 'https://t.me/metrics_chan',
      sourceId: TELEGRAM,
      backfilled: true,
    });
    const deps = collectDeps(server);
    const run = () => collectFeed(database.db, deps, feed.id, { trigger: 'schedule', userId: null });
    expect(await run()).toMatchObject({ created: 3, updated: 0, skipped: 0 });
    views = ['100', '1.5K', '300'];
    expect(await run()).toEqual({ fetched: 3, created: 0, updated: 1, skipped: 2, error: null });
    const stored = await queryRows<{ external_id: string; number_views: number }>(
      database.db,
      sql`select external_id, number_views::int from messages where external_id like 'metrics_chan/%' order by external_id`,
    );
    expect(stored).toEqual([
      { external_id: 'metrics_chan/1', number_views: 100 },
      { external_id: 'metrics_chan/2', number_views: 1500 },
      { external_id: 'metrics_chan/3', number_views: 300 },
    ]);
  });
});

describe('the lease of «Собрать сейчас»', () => {
  it('collects a disabled feed, refuses a feed another collection holds, and names a missing one', async () => {
    const user = await buildUser(database.db);
    const platform = await buildSource(database.db, { name: 'off.example', host: 'off.example' });
    server.on('/off/feed.xml', answer(fixture('atom-press-sluzhba.xml')));
    const feed = await buildFeed(database.db, {
      kind: 'rss',
      url: `${server.url}/off/feed.xml`,
      sourceId: platform.id,
      enabled: false,
    });
    const deps = collectDeps(server);
    expect(
      await collectFeed(database.db, deps, feed.id, { trigger: 'manual', userId: user.id, lease: 'take' }),
    ).toMatchObject({ created: 3, error: null });
    expect((await runsOf(feed.id))[0].trigger).toBe('manual');
    const [logged] = await queryRows<{ user_id: number | null }>(
      database.db,
      sql`select user_id from user_actions where action = 'message.ingest' order by id desc limit 1`,
    );
    expect(logged.user_id).toBe(user.id);

    expect(await takeFeedLease(database.db, feed.id, 'другой-сервер', new Date(), 60_000)).toBe(true);
    await expect(
      collectFeed(database.db, deps, feed.id, { trigger: 'manual', userId: user.id, lease: 'take' }),
    ).rejects.toBeInstanceOf(FeedBusyError);
    await expect(
      collectFeed(database.db, deps, 999_999, { trigger: 'manual', userId: user.id, lease: 'take' }),
    ).rejects.toBeInstanceOf(FeedNotFoundError);
  });

  it('says why a VK feed waits while the service token is not set', () => {
    expect(feedPausedReason('vk', false)).toBe('Не задан сервисный ключ ВКонтакте (Настройки → Сбор)');
    expect(feedPausedReason('vk', true)).toBeNull();
    expect(feedPausedReason('telegram', false)).toBeNull();
  });

  it('keeps at most FEED_LIMITS.runsKeptPerFeed runs of a feed', async () => {
    const platform = await buildSource(database.db, { name: 'prune.example', host: 'prune.example' });
    const feed = await buildFeed(database.db, {
      kind: 'rss',
      url: `${server.url}/prune.xml`,
      sourceId: platform.id,
    });
    await database.db.execute(
      sql`insert into feed_runs (feed_id, started_at, trigger)
          select ${feed.id}, now() - make_interval(mins => g), 'schedule' from generate_series(1, ${FEED_LIMITS.runsKeptPerFeed}) g`,
    );
    server.on('/prune.xml', answer(fixture('atom-press-sluzhba.xml')));
    await collectFeed(database.db, collectDeps(server), feed.id, { trigger: 'manual', userId: null });
    const runs = await runsOf(feed.id);
    expect(runs).toHaveLength(FEED_LIMITS.runsKeptPerFeed);
    expect(runs.at(-1)).toMatchObject({ trigger: 'manual', created: 3 });
  });

  it('records the runs of several feeds in one statement, each with its state, skipping a deleted feed', async () => {
    const platform = await buildSource(database.db, { name: 'batch.example', host: 'batch.example' });
    const [a, b, gone] = await Promise.all(
      ['a', 'b', 'gone'].map((name) =>
        buildFeed(database.db, {
          kind: 'rss',
          url: `${server.url}/record-${name}.xml`,
          sourceId: platform.id,
          leaseOwner: 'сервер-ж',
          leaseUntil: new Date(Date.now() + 60_000),
          etag: '"old"',
        }),
      ),
    );
    await database.db.execute(
      sql`insert into feed_runs (feed_id, started_at, trigger)
          select ${a.id}, now() - make_interval(mins => g), 'schedule' from generate_series(1, ${FEED_LIMITS.runsKeptPerFeed}) g`,
    );
    await database.db.execute(sql`delete from feeds where id = ${gone.id}`);
    const at = new Date('2026-11-29T10:00:00Z');
    const next = new Date('2026-11-29T10:15:00Z');
    const run = (feedId: number, extra: Partial<FeedRunRecord>): FeedRunRecord => ({
      feedId,
      owner: 'сервер-ж',
      startedAt: at,
      finishedAt: at,
      trigger: 'schedule',
      httpStatus: 200,
      fetched: 3,
      created: 3,
      updated: 0,
      skipped: 0,
      durationMs: 12,
      error: null,
      failures: 0,
      backfilled: false,
      nextRunAt: next,
      ...extra,
    });
    await recordFeedRuns(database.db, [
      run(a.id, { validators: { etag: '"new"', lastModified: null } }),
      run(b.id, { httpStatus: 503, error: 'Лента недоступна: 503', failures: 1, created: 0, fetched: 0 }),
      run(gone.id, {}),
    ]);
    const feedsNow = await queryRows<{
      id: number;
      etag: string | null;
      last_status: number;
      last_error: string | null;
      failures: number;
      lease_owner: string | null;
      success_ms: number | null;
      next_ms: number;
    }>(
      database.db,
      sql`select id, etag, last_status, last_error, failures, lease_owner,
                 (extract(epoch from last_success_at) * 1000)::float8 as success_ms,
                 (extract(epoch from next_run_at) * 1000)::float8 as next_ms
            from feeds where id in (${a.id}, ${b.id}) order by id`,
    );
    expect(feedsNow).toEqual([
      {
        id: a.id,
        etag: '"new"',
        last_status: 200,
        last_error: null,
        failures: 0,
        lease_owner: null,
        success_ms: at.getTime(),
        next_ms: next.getTime(),
      },
      {
        id: b.id,
        etag: '"old"',
        last_status: 503,
        last_error: 'Лента недоступна: 503',
        failures: 1,
        lease_owner: null,
        success_ms: null,
        next_ms: next.getTime(),
      },
    ]);
    expect(await runsOf(a.id)).toHaveLength(FEED_LIMITS.runsKeptPerFeed);
    expect(await runsOf(b.id)).toHaveLength(1);
    expect(await runsOf(gone.id)).toHaveLength(0);
  });
});
