import { apiPath, FEED_PATHS, VK_SETTINGS_PATHS } from '@monitoring/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedRuns, feeds, sources, userActions } from '../../db/schema/index.ts';
import { buildSource } from '../../test/factories-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

// The feeds API (issue 31, docs/collectors.md "Feeds and the API"): saving, the platform, the list's filters and
// pages, the fetch log, «Создать ленты для источников», and every refusal naming its field. «Собрать сейчас»
// against a local server: feeds-collect.test.ts.

let t: Kit;
/** Holds view_lomsource_admin alone. */
let admin: UserCaller;

beforeAll(async () => {
  t = await createKit();
  admin = await t.caller({ role: 3, uiPermissions: ['view_lomsource_admin'] });
});
afterAll(() => t.close());

type Res = { statusCode: number; body: string; json: () => Record<string, unknown> };
type FeedAnswer = {
  id: number;
  kind: string;
  url: string;
  lom: { id: number; name: string } | null;
  lom_source: { id: number; url: string } | null;
  source: { id: number; name: string } | null;
  enabled: boolean;
  interval_minutes: number;
  next_run_at: string | null;
  paused_reason: string | null;
  items_last_day: number;
  failures: number;
  last_error: string | null;
};

const detail = (id: number) => apiPath(FEED_PATHS.detail, { id });
const runs = (id: number) => apiPath(FEED_PATHS.runs, { id });
const collect = (id: number) => apiPath(FEED_PATHS.collect, { id });
let unique = 0;
/** An address on a host no other test uses. */
const rssUrl = (word = 'feed') => `https://news${++unique}.example.ru/${word}.xml`;

function expectBad(res: Res, field: string, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { field?: string; message: string };
  expect(body.field).toBe(field);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

async function create(body: Record<string, unknown>): Promise<FeedAnswer> {
  const res = await admin.post(FEED_PATHS.list, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as unknown as FeedAnswer;
}

async function stored(id: number) {
  const [row] = await t.db.select().from(feeds).where(eq(feeds.id, id));
  return row;
}

async function feedCount() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(feeds);
  return row.n;
}

async function actionsOf(action: string) {
  return t.db
    .select()
    .from(userActions)
    .where(and(eq(userActions.action, action), eq(userActions.userId, admin.user.id)));
}

describe('feeds: who may call', () => {
  it('answers 401 without a token and 403 without view_lomsource_admin, on every call', async () => {
    const id = (await create({ kind: 'rss', url: rssUrl() })).id;
    const calls: [string, string, unknown?][] = [
      ['GET', FEED_PATHS.list],
      ['POST', FEED_PATHS.list, { kind: 'rss', url: rssUrl() }],
      ['POST', FEED_PATHS.fromSources],
      ['GET', detail(id)],
      ['PATCH', detail(id), { enabled: false }],
      ['DELETE', detail(id)],
      ['POST', collect(id)],
      ['GET', runs(id)],
    ];
    const before = await feedCount();
    for (const [method, url, body] of calls) {
      expect((await t.anonymous.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const login of ['editor', 'superEditor', 'user'] as const)
        expect((await t.as(login).request(method, url, body)).statusCode, `${login} ${method} ${url}`).toBe(
          403,
        );
    }
    expect(await feedCount()).toBe(before);
    expect((await stored(id)).enabled).toBe(true);
    // The demo administrator holds it among the menu permissions.
    expect((await t.as('admin').get(detail(id))).statusCode).toBe(200);
  });
});

describe('feeds: create', () => {
  it('adds a standalone RSS feed under a new platform named after its host, due now, and logs it', async () => {
    const url = rssUrl('rss');
    const host = new URL(url).hostname;
    const feed = await create({ kind: 'rss', url });
    expect(feed).toMatchObject({
      kind: 'rss',
      url,
      lom: null,
      lom_source: null,
      source: { name: host },
      enabled: true,
      interval_minutes: 15,
      last_fetch_at: null,
      last_success_at: null,
      last_status: null,
      last_error: null,
      failures: 0,
      items_last_day: 0,
      paused_reason: null,
    });
    expect(Number.isNaN(Date.parse(feed.next_run_at ?? ''))).toBe(false);
    const [platform] = await t.db
      .select()
      .from(sources)
      .where(eq(sources.id, feed.source?.id ?? 0));
    expect(platform).toMatchObject({ name: host, host, icon: 'web' });
    expect((await stored(feed.id)).createdBy).toBe(admin.user.id);
    expect((await admin.get(detail(feed.id))).json()).toEqual(feed);

    const [entry] = (await actionsOf('feed.create')).filter(
      (row) => (row.newValue as { id?: number }).id === feed.id,
    );
    expect(entry.newValue).toMatchObject({
      feed_kind: 'RSS / Atom',
      url,
      enabled: true,
      interval_minutes: 15,
    });
  });

  it('stores an RSS feed under the platform of its host, www. dropped, and a second feed there adds no platform', async () => {
    const platform = await buildSource(t.db, { name: 'Городской портал', host: 'gorod-portal.example.ru' });
    const first = await create({ kind: 'rss', url: 'https://www.gorod-portal.example.ru/rss' });
    const second = await create({ kind: 'rss', url: 'https://gorod-portal.example.ru/atom', enabled: false });
    expect(first.source).toEqual({ id: platform.id, name: 'Городской портал' });
    expect(second.source).toEqual({ id: platform.id, name: 'Городской портал' });
    expect(second).toMatchObject({ enabled: false, next_run_at: null });
  });

  it('stores a YouTube channel page as its feed, under YouTube', async () => {
    const channel = 'UCabcdefghijklmnopqrstuv';
    const feed = await create({
      kind: 'rss',
      url: `https://www.youtube.com/channel/${channel}`,
      interval_minutes: 60,
    });
    expect(feed.url).toBe(`https://www.youtube.com/feeds/videos.xml?channel_id=${channel}`);
    expect(feed.source?.name).toBe('YouTube');
    expect(feed.interval_minutes).toBe(60);
    const [platform] = await t.db
      .select()
      .from(sources)
      .where(eq(sources.id, feed.source?.id ?? 0));
    expect(platform.host).toBe('youtube.com');
  });

  it('a feed of a lom source takes its lom and platform, and its channel as https://t.me/<channel>', async () => {
    const telegram = await buildSource(t.db, { name: 'Телеграм-платформа', host: 'telegram.example' });
    const lom = await buildLom(t.db, { name: 'Иван Петров' });
    const account = await buildLomSource(t.db, {
      lomId: lom.id,
      sourceId: telegram.id,
      url: 'https://t.me/s/petrov_live',
    });
    const feed = await create({
      kind: 'telegram',
      url: 'https://t.me/s/petrov_live',
      lom_source_id: account.id,
    });
    expect(feed).toMatchObject({
      kind: 'telegram',
      url: 'https://t.me/petrov_live',
      lom: { id: lom.id, name: 'Иван Петров' },
      lom_source: { id: account.id, url: 'https://t.me/s/petrov_live' },
      source: { id: telegram.id, name: 'Телеграм-платформа' },
    });
    // Another lom given beside the source wins; null keeps the feed without a lom.
    const other = await buildLom(t.db);
    const second = await buildLomSource(t.db, {
      lomId: lom.id,
      sourceId: telegram.id,
      url: 'https://t.me/petrov_two',
    });
    const chosen = await create({
      kind: 'telegram',
      url: 'https://t.me/petrov_two',
      lom_source_id: second.id,
      lom_id: other.id,
    });
    expect(chosen.lom?.id).toBe(other.id);
    const third = await buildLomSource(t.db, {
      lomId: lom.id,
      sourceId: telegram.id,
      url: 'https://t.me/petrov_three',
    });
    const none = await create({
      kind: 'telegram',
      url: 'https://t.me/petrov_three',
      lom_source_id: third.id,
      lom_id: null,
    });
    expect(none.lom).toBeNull();
  });

  it('puts standalone Telegram and VK feeds under the t.me and vk.com platforms, one row each', async () => {
    const lom = await buildLom(t.db);
    const a = await create({ kind: 'telegram', url: 'https://t.me/first_channel', lom_id: lom.id });
    const b = await create({ kind: 'telegram', url: 'https://telegram.me/second_channel' });
    expect(b.url).toBe('https://t.me/second_channel');
    expect(a.source?.id).toBe(b.source?.id);
    expect(a.lom).toEqual({ id: lom.id, name: lom.name });
    const tme = await t.db.select().from(sources).where(eq(sources.host, 't.me'));
    expect(tme).toHaveLength(1);
    expect(tme[0].id).toBe(a.source?.id);

    const vk = await create({ kind: 'vk', url: 'https://m.vk.com/club777?w=wall' });
    expect(vk.url).toBe('https://vk.com/club777');
    const [platform] = await t.db
      .select()
      .from(sources)
      .where(eq(sources.id, vk.source?.id ?? 0));
    expect(platform.host).toBe('vk.com');
  });

  it('pauses VK feeds while the service token is not set, and says why', async () => {
    await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: null });
    const feed = await create({ kind: 'vk', url: 'https://vk.com/paused_wall' });
    expect(feed.paused_reason).toMatch(/ключ/);
    expect(feed.next_run_at).toBeNull();
    const put = await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: 'a'.repeat(40) });
    expect(put.statusCode, put.body).toBe(200);
    const now = (await admin.get(detail(feed.id))).json() as unknown as FeedAnswer;
    expect(now.paused_reason).toBeNull();
    expect(now.next_run_at).not.toBeNull();
    await t.as('admin').put(VK_SETTINGS_PATHS.vk, { service_token: null });
  });
});

describe('feeds: bad input answers 400 naming the field, and stores nothing', () => {
  it('refuses addresses that are not http(s), internal, malformed, or not of the kind', async () => {
    const before = await feedCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ kind: 'rss', url: 'file:///etc/passwd' }, 'url'],
      [{ kind: 'rss', url: 'http://10.0.0.1/rss' }, 'url'],
      [{ kind: 'rss', url: 'http://127.0.0.1:8080/rss' }, 'url'],
      [{ kind: 'rss', url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
      [{ kind: 'rss', url: 'http://[::1]/rss' }, 'url'],
      [{ kind: 'rss', url: 'javascript:alert(1)' }, 'url'],
      [{ kind: 'rss', url: '' }, 'url'],
      [{ kind: 'rss', url: `https://example.ru/${'a'.repeat(1_000_000)}` }, 'url'],
      [{ kind: 'rss', url: 'https://exa\u0000mple.ru/rss' }, 'url'],
      [{ kind: 'rss', url: 'https://example.ru/\ud800' }, 'url'],
      [{ kind: 'telegram', url: 'https://example.ru/rss' }, 'url'],
      [{ kind: 'vk', url: 'https://t.me/some_channel' }, 'url'],
      [{ kind: 'atom', url: rssUrl() }, 'kind'],
      [{ url: rssUrl() }, 'kind'],
      [{ kind: 'rss' }, 'url'],
      [{ kind: 'rss', url: 12345 }, 'url'],
    ];
    for (const [body, field] of bad) expectBad(await admin.post(FEED_PATHS.list, body), field);
    expect(await feedCount()).toBe(before);
  });

  it('refuses ids that are not ids, unknown loms and lom sources, intervals out of range, unknown fields', async () => {
    const before = await feedCount();
    const url = rssUrl();
    const bad: [Record<string, unknown>, string][] = [
      [{ lom_id: true }, 'lom_id'],
      [{ lom_id: '1' }, 'lom_id'],
      [{ lom_id: 2 ** 63 }, 'lom_id'],
      [{ lom_id: -1 }, 'lom_id'],
      [{ lom_id: 1.5 }, 'lom_id'],
      [{ lom_id: 999_999 }, 'lom_id'],
      [{ lom_source_id: false }, 'lom_source_id'],
      [{ lom_source_id: 2 ** 31 }, 'lom_source_id'],
      [{ lom_source_id: 999_999 }, 'lom_source_id'],
      [{ interval_minutes: 0 }, 'interval_minutes'],
      [{ interval_minutes: 1441 }, 'interval_minutes'],
      [{ interval_minutes: 2.5 }, 'interval_minutes'],
      [{ interval_minutes: '15' }, 'interval_minutes'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ enabled: 1 }, 'enabled'],
      [{ source_id: 1 }, 'source_id'],
      [{ next_run_at: '2020-01-01' }, 'next_run_at'],
    ];
    for (const [extra, field] of bad)
      expectBad(await admin.post(FEED_PATHS.list, { kind: 'rss', url, ...extra }), field);
    for (const body of [null, [], 'text', { kind: 'rss', url, lom_id: { id: 1 } }])
      expect((await admin.post(FEED_PATHS.list, body)).statusCode).toBe(400);
    expect(await feedCount()).toBe(before);
  });

  it('refuses a second feed of one kind and address, written any way', async () => {
    const url = rssUrl();
    await create({ kind: 'rss', url });
    const body = expectBad(await admin.post(FEED_PATHS.list, { kind: 'rss', url }), 'url');
    expect(body.message).toBe('Такая лента уже есть');
    await create({ kind: 'telegram', url: 'https://t.me/twice_channel' });
    expectBad(
      await admin.post(FEED_PATHS.list, { kind: 'telegram', url: 'https://t.me/s/twice_channel' }),
      'url',
    );
    expectBad(
      await admin.post(FEED_PATHS.list, { kind: 'telegram', url: ' https://www.t.me/twice_channel/15 ' }),
      'url',
    );
  });
});

describe('feeds: list', () => {
  it('pages newest first and filters by kind, state and a word of the address or of the lom', async () => {
    const word = `okrug${Date.now().toString(36)}`;
    const lom = await buildLom(t.db, { name: `Администрация ${word}` });
    const on = await create({ kind: 'rss', url: `https://${word}.example.ru/on.xml` });
    const off = await create({ kind: 'rss', url: `https://${word}.example.ru/off.xml`, enabled: false });
    const failing = await create({ kind: 'rss', url: `https://${word}.example.ru/failing.xml` });
    const channel = await create({
      kind: 'telegram',
      url: 'https://t.me/okrug_news_channel',
      lom_id: lom.id,
    });
    await t.db
      .update(feeds)
      .set({ failures: 3, lastError: 'Лента недоступна: 503', lastStatus: 503 })
      .where(eq(feeds.id, failing.id));

    const ids = async (query: Record<string, string | number>) => {
      const res = await admin.get(FEED_PATHS.list, { search: word, ...query });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as FeedAnswer[]).map((feed) => feed.id);
    };
    expect(await ids({})).toEqual([channel.id, failing.id, off.id, on.id]);
    expect(await ids({ kind: 'telegram' })).toEqual([channel.id]);
    expect(await ids({ kind: 'rss', state: 'all' })).toEqual([failing.id, off.id, on.id]);
    expect(await ids({ state: 'enabled' })).toEqual([channel.id, failing.id, on.id]);
    expect(await ids({ state: 'disabled' })).toEqual([off.id]);
    expect(await ids({ state: 'failing' })).toEqual([failing.id]);
    expect(await ids({ search: 'OKRUG_NEWS' })).toEqual([channel.id]);

    const first = (await admin.get(FEED_PATHS.list, { search: word, page_size: 3 })).json();
    expect(first).toMatchObject({ elements_count: 4, last_page: 2, page: 1 });
    const second = (await admin.get(FEED_PATHS.list, { search: word, page_size: 3, page: 2 })).json();
    expect((second.results as FeedAnswer[]).map((feed) => feed.id)).toEqual([on.id]);
    const past = (await admin.get(FEED_PATHS.list, { search: word, page_size: 3, page: 5 })).json();
    expect(past).toMatchObject({ results: [], elements_count: 4 });

    const shown = (await admin.get(FEED_PATHS.list, { search: word, state: 'failing' })).json()
      .results[0] as FeedAnswer;
    expect(shown).toMatchObject({ failures: 3, last_error: 'Лента недоступна: 503', last_status: 503 });
  });

  it('a search for % or _ matches those characters, not everything', async () => {
    const res = await admin.get(FEED_PATHS.list, { search: '%' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([]);
  });

  it('counts the messages its runs created in the last 24 hours', async () => {
    const feed = await create({ kind: 'rss', url: rssUrl() });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await t.db.insert(feedRuns).values([
      { feedId: feed.id, trigger: 'schedule', startedAt: hoursAgo(2), created: 5, fetched: 9 },
      { feedId: feed.id, trigger: 'manual', startedAt: hoursAgo(20), created: 2, fetched: 2 },
      { feedId: feed.id, trigger: 'schedule', startedAt: hoursAgo(30), created: 10, fetched: 10 },
    ]);
    expect(((await admin.get(detail(feed.id))).json() as unknown as FeedAnswer).items_last_day).toBe(7);
    const listed = (await admin.get(FEED_PATHS.list, { search: new URL(feed.url).hostname })).json();
    expect(listed.results[0].items_last_day).toBe(7);
  });

  it('refuses bad filters naming them', async () => {
    expectBad(await admin.get(FEED_PATHS.list, { state: 'broken' }), 'state');
    expectBad(await admin.get(FEED_PATHS.list, { kind: 'atom' }), 'kind');
    expectBad(await admin.get(FEED_PATHS.list, { page_size: 201 }), 'page_size');
    expectBad(await admin.get(FEED_PATHS.list, { page: '9223372036854775808' }), 'page');
    expectBad(await admin.get(FEED_PATHS.list, { search: 'a\u0000b' }), 'search');
    expectBad(await admin.get(FEED_PATHS.list, { search: 'я'.repeat(201) }), 'search');
  });
});

describe('feeds: change', () => {
  it('turning a feed on makes it due now when its time has passed, and keeps a later time', async () => {
    const feed = await create({ kind: 'rss', url: rssUrl(), enabled: false });
    const dayAgo = new Date(Date.now() - 86_400_000);
    await t.db.update(feeds).set({ nextRunAt: dayAgo }).where(eq(feeds.id, feed.id));
    const started = Date.now();
    const res = await admin.patch(detail(feed.id), { enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    const on = res.json() as unknown as FeedAnswer;
    expect(on.enabled).toBe(true);
    expect(Date.parse(on.next_run_at ?? '')).toBeGreaterThanOrEqual(started - 1000);

    const later = new Date(Date.now() + 3 * 3_600_000);
    await admin.patch(detail(feed.id), { enabled: false });
    await t.db.update(feeds).set({ nextRunAt: later }).where(eq(feeds.id, feed.id));
    const again = (await admin.patch(detail(feed.id), { enabled: true })).json() as unknown as FeedAnswer;
    expect(again.next_run_at).toBe(later.toISOString());
    // Off, it has no next run to show.
    expect(
      ((await admin.patch(detail(feed.id), { enabled: false })).json() as unknown as FeedAnswer).next_run_at,
    ).toBeNull();
  });

  it('a new interval counts from the last fetch', async () => {
    const feed = await create({ kind: 'rss', url: rssUrl() });
    const fetched = new Date(Date.now() - 10 * 60_000);
    await t.db.update(feeds).set({ lastFetchAt: fetched }).where(eq(feeds.id, feed.id));
    const res = await admin.patch(detail(feed.id), { interval_minutes: 120 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      interval_minutes: 120,
      next_run_at: new Date(fetched.getTime() + 120 * 60_000).toISOString(),
    });
    // A feed never fetched is due now.
    const fresh = await create({ kind: 'rss', url: rssUrl() });
    await t.db
      .update(feeds)
      .set({ nextRunAt: new Date(Date.now() + 86_400_000) })
      .where(eq(feeds.id, fresh.id));
    const started = Date.now();
    const moved = (
      await admin.patch(detail(fresh.id), { interval_minutes: 5 })
    ).json() as unknown as FeedAnswer;
    expect(Date.parse(moved.next_run_at ?? '')).toBeLessThan(started + 60_000);
  });

  it('a new address moves the feed to its platform and starts it afresh; the change is logged', async () => {
    const feed = await create({ kind: 'rss', url: rssUrl() });
    await t.db
      .update(feeds)
      .set({ etag: '"v1"', lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT', backfilled: true })
      .where(eq(feeds.id, feed.id));
    const url = rssUrl('moved');
    const res = await admin.patch(detail(feed.id), { url });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json() as unknown as FeedAnswer;
    expect(moved.url).toBe(url);
    expect(moved.source?.name).toBe(new URL(url).hostname);
    expect(moved.source?.id).not.toBe(feed.source?.id);
    expect(await stored(feed.id)).toMatchObject({ etag: null, lastModified: null, backfilled: false });

    const [entry] = (await actionsOf('feed.update')).filter(
      (row) => (row.newValue as { id?: number }).id === feed.id,
    );
    expect(entry.oldValue).toEqual({ id: feed.id, url: feed.url });
    expect(entry.newValue).toEqual({ id: feed.id, url });
  });

  it('a new lom source brings its lom and platform; kind and address are checked against the stored other half', async () => {
    const platform = await buildSource(t.db, { name: 'ВК-платформа', host: 'vk-platform.example' });
    const lom = await buildLom(t.db);
    const account = await buildLomSource(t.db, {
      lomId: lom.id,
      sourceId: platform.id,
      url: 'https://vk.com/moved_wall',
    });
    const feed = await create({ kind: 'vk', url: 'https://vk.com/moved_wall' });
    const res = await admin.patch(detail(feed.id), { lom_source_id: account.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lom: { id: lom.id },
      lom_source: { id: account.id },
      source: { id: platform.id, name: 'ВК-платформа' },
    });
    expectBad(await admin.patch(detail(feed.id), { kind: 'telegram' }), 'kind');
    expectBad(await admin.patch(detail(feed.id), { url: 'https://example.ru/rss' }), 'url');
    // Both halves at once are checked together.
    const rss = await admin.patch(detail(feed.id), { kind: 'rss', url: rssUrl() });
    expect(rss.statusCode, rss.body).toBe(200);
    expect(rss.json()).toMatchObject({ kind: 'rss', source: { id: platform.id } });
  });

  it('refuses refused addresses, duplicates, unknown ids, bad values; an unknown feed is 404', async () => {
    const taken = await create({ kind: 'rss', url: rssUrl() });
    const feed = await create({ kind: 'rss', url: rssUrl() });
    const row = await stored(feed.id);
    const bad: [Record<string, unknown>, string][] = [
      [{ url: 'http://10.0.0.1/rss' }, 'url'],
      [{ url: 'file:///etc/passwd' }, 'url'],
      [{ url: taken.url }, 'url'],
      [{ lom_id: 999_999 }, 'lom_id'],
      [{ lom_id: true }, 'lom_id'],
      [{ lom_source_id: 999_999 }, 'lom_source_id'],
      [{ interval_minutes: 0 }, 'interval_minutes'],
      [{ enabled: null }, 'enabled'],
      [{ kind: null }, 'kind'],
      [{ created_by: 1 }, 'created_by'],
    ];
    for (const [body, field] of bad) expectBad(await admin.patch(detail(feed.id), body), field);
    expect(await stored(feed.id)).toEqual(row);
    expect((await admin.patch(detail(999_999), { enabled: false })).statusCode).toBe(404);
    expect((await admin.get(detail(999_999))).statusCode).toBe(404);
    expectBad(await admin.get(apiPath(FEED_PATHS.detail, { id: 'true' })), 'id');
    expectBad(await admin.get(apiPath(FEED_PATHS.detail, { id: '9223372036854775808' })), 'id');
  });

  it('an empty change changes nothing and logs nothing', async () => {
    const feed = await create({ kind: 'rss', url: rssUrl() });
    const before = (await actionsOf('feed.update')).length;
    const res = await admin.patch(detail(feed.id), { enabled: true, interval_minutes: 15, url: feed.url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual((await admin.get(detail(feed.id))).json());
    expect((await actionsOf('feed.update')).length).toBe(before);
  });
});

describe('feeds: delete and the fetch log', () => {
  it('pages the fetch log newest first', async () => {
    const feed = await create({ kind: 'rss', url: rssUrl() });
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.db.insert(feedRuns).values([
      { feedId: feed.id, trigger: 'schedule', startedAt: at(30), httpStatus: 200, fetched: 3, created: 3 },
      { feedId: feed.id, trigger: 'manual', startedAt: at(10), httpStatus: 304, durationMs: 120 },
      {
        feedId: feed.id,
        trigger: 'schedule',
        startedAt: at(20),
        httpStatus: 503,
        error: 'Лента недоступна: 503',
        durationMs: 80,
      },
    ]);
    const page = (await admin.get(runs(feed.id), { page_size: 2 })).json();
    expect(page).toMatchObject({ elements_count: 3, last_page: 2 });
    expect(page.results).toMatchObject([
      { trigger: 'manual', http_status: 304, fetched: 0, duration_ms: 120, error: null },
      { trigger: 'schedule', http_status: 503, error: 'Лента недоступна: 503' },
    ]);
    const next = (await admin.get(runs(feed.id), { page_size: 2, page: 2 })).json();
    expect(next.results).toMatchObject([{ http_status: 200, fetched: 3, created: 3 }]);
    expect((await admin.get(runs(999_999))).statusCode).toBe(404);
    expectBad(await admin.get(runs(feed.id), { page_size: 101 }), 'page_size');
  });

  it('deletes a feed with its fetch log, and logs it', async () => {
    const feed = await create({ kind: 'rss', url: rssUrl() });
    await t.db.insert(feedRuns).values({ feedId: feed.id, trigger: 'schedule', created: 1 });
    const res = await admin.delete(detail(feed.id));
    expect(res.statusCode, res.body).toBe(204);
    expect((await admin.get(detail(feed.id))).statusCode).toBe(404);
    expect(await t.db.select().from(feedRuns).where(eq(feedRuns.feedId, feed.id))).toEqual([]);
    expect((await admin.delete(detail(feed.id))).statusCode).toBe(404);
    const [entry] = (await actionsOf('feed.delete')).filter(
      (row) => (row.oldValue as { id?: number }).id === feed.id,
    );
    expect(entry.oldValue).toMatchObject({ url: feed.url, feed_kind: 'RSS / Atom' });
    // Its address is free again.
    await create({ kind: 'rss', url: feed.url });
  });

  it('«Собрать сейчас» of an unknown feed is 404', async () => {
    expect((await admin.post(collect(999_999))).statusCode).toBe(404);
  });
});

describe('feeds: «Создать ленты для источников»', () => {
  it('creates a feed for each active account on t.me, vk.com or YouTube that has none, once', async () => {
    const telegram = await buildSource(t.db, { name: 'Telegram-аккаунты', host: 'tg-accounts.example' });
    const vk = await buildSource(t.db, { name: 'VK-аккаунты', host: 'vk-accounts.example' });
    const lom = await buildLom(t.db, { name: 'Мэрия' });
    const channel = await buildLomSource(t.db, {
      lomId: lom.id,
      sourceId: telegram.id,
      url: 'https://t.me/s/meria_city',
    });
    const twin = await buildLomSource(t.db, { sourceId: telegram.id, url: 'https://t.me/meria_city' });
    const wall = await buildLomSource(t.db, { sourceId: vk.id, url: 'https://vk.com/meria_city_vk' });
    const tube = await buildLomSource(t.db, {
      lomId: lom.id,
      url: 'https://www.youtube.com/channel/UCmeriacitychannel000001',
    });
    const handle = await buildLomSource(t.db, { url: 'https://www.youtube.com/@meria_city' });
    const inactive = await buildLomSource(t.db, { url: 'https://t.me/meria_closed', isActive: false });
    const site = await buildLomSource(t.db, { url: 'https://meria.example.ru/news' });
    // A feed added by hand before, written another way: not made twice.
    const manual = await create({ kind: 'vk', url: 'https://m.vk.com/meria_city_vk' });

    const res = await admin.post(FEED_PATHS.fromSources);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json() as { checked: number; created: number };
    expect(first.created).toBeGreaterThanOrEqual(2);
    expect(first.checked).toBeGreaterThanOrEqual(first.created + 2);

    const feedOf = async (lomSourceId: number) =>
      t.db.select().from(feeds).where(eq(feeds.lomSourceId, lomSourceId));
    expect(await feedOf(channel.id)).toMatchObject([
      {
        kind: 'telegram',
        url: 'https://t.me/meria_city',
        lomId: lom.id,
        sourceId: telegram.id,
        enabled: true,
        intervalMinutes: 15,
        createdBy: admin.user.id,
      },
    ]);
    expect(await feedOf(twin.id)).toEqual([]);
    expect(await feedOf(wall.id)).toEqual([]);
    expect((await stored(manual.id)).url).toBe('https://vk.com/meria_city_vk');
    expect(await feedOf(tube.id)).toMatchObject([
      {
        kind: 'rss',
        url: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCmeriacitychannel000001',
        lomId: lom.id,
        sourceId: tube.sourceId,
      },
    ]);
    for (const none of [handle, inactive, site]) expect(await feedOf(none.id)).toEqual([]);

    const again = (await admin.post(FEED_PATHS.fromSources)).json();
    expect(again).toEqual({ checked: first.checked, created: 0 });
    const logged = await actionsOf('feed.from_sources');
    expect(logged).toHaveLength(1);
    expect(logged[0].newValue).toEqual(first);
  });
});
