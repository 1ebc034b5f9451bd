import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPath, FEED_PATHS } from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds, messages, userActions } from '../../db/schema/index.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

// «Собрать сейчас» through the API (issue 31): a feed on a local server (127.0.0.1, allowed as OUTBOUND_ALLOW_HOSTS
// allows it) is fetched on demand, on or off; its items become messages of its lom, the run is logged, an
// unchanged feed answers 304, a failing one keeps its error, and a feed another process holds answers 409.

const ETAG = '"gorod-v1"';
let server: Server;
let base = '';
const hits: { url: string; ifNoneMatch?: string }[] = [];
let t: Kit;
let admin: UserCaller;

function rss(): string {
  const hourAgo = new Date(Date.now() - 3_600_000).toUTCString();
  const twoHoursAgo = new Date(Date.now() - 7_200_000).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Городские новости</title>
    <link>${base}/</link>
    <description>Новости города</description>
    <item>
      <title>Ремонт набережной завершат к осени</title>
      <link>${base}/news/101</link>
      <guid>${base}/news/101</guid>
      <pubDate>${hourAgo}</pubDate>
      <description>Подрядчик обещает открыть набережную для пешеходов в сентябре.</description>
    </item>
    <item>
      <title>В парке высадили двести лип</title>
      <link>${base}/news/102</link>
      <guid>${base}/news/102</guid>
      <pubDate>${twoHoursAgo}</pubDate>
      <description>Субботник собрал больше сотни жителей района.</description>
    </item>
  </channel>
</rss>`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    if (req.url === '/gorod.xml') {
      if (req.headers['if-none-match'] === ETAG) {
        res.writeHead(304, { etag: ETAG });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: ETAG });
      res.end(rss());
      return;
    }
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal Server Error');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createKit({ outboundAllowHosts: ['127.0.0.1'] });
  admin = await t.caller({ role: 3, uiPermissions: ['view_lomsource_admin'] });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const detail = (id: number) => apiPath(FEED_PATHS.detail, { id });
const collect = (id: number) => apiPath(FEED_PATHS.collect, { id });
const runs = (id: number) => apiPath(FEED_PATHS.runs, { id });

async function create(body: Record<string, unknown>) {
  const res = await admin.post(FEED_PATHS.list, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; source: { id: number; name: string } };
}

describe('«Собрать сейчас»', () => {
  it('fetches a feed that is off; its items become messages of its lom; an unchanged feed then answers 304', async () => {
    const lom = await buildLom(t.db, { name: 'Городская администрация' });
    const feed = await create({ kind: 'rss', url: `${base}/gorod.xml`, lom_id: lom.id, enabled: false });
    expect(feed.source.name).toBe('127.0.0.1');

    const res = await admin.post(collect(feed.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ fetched: 2, created: 2, updated: 0, skipped: 0, error: null });

    const stored = await t.db
      .select({ text: messages.text, sourceId: messages.sourceId, url: messages.url })
      .from(messages)
      .where(eq(messages.lomId, lom.id));
    expect(stored).toHaveLength(2);
    expect(stored.map((m) => m.url).sort()).toEqual([`${base}/news/101`, `${base}/news/102`]);
    expect(stored.every((m) => m.sourceId === feed.source.id)).toBe(true);
    expect(stored.map((m) => m.text).join('\n')).toContain('Ремонт набережной завершат к осени');

    const shown = (await admin.get(detail(feed.id))).json();
    expect(shown).toMatchObject({
      enabled: false,
      next_run_at: null,
      last_status: 200,
      last_error: null,
      failures: 0,
      items_last_day: 2,
    });
    expect(shown.last_fetch_at).not.toBeNull();
    expect(shown.last_success_at).not.toBeNull();

    const again = await admin.post(collect(feed.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, error: null });
    expect(hits.filter((hit) => hit.url === '/gorod.xml').map((hit) => hit.ifNoneMatch)).toEqual([
      undefined,
      ETAG,
    ]);
    expect(await t.db.select().from(messages).where(eq(messages.lomId, lom.id))).toHaveLength(2);

    const log = (await admin.get(runs(feed.id))).json();
    expect(log.elements_count).toBe(2);
    expect(log.results).toMatchObject([
      { trigger: 'manual', http_status: 304, created: 0, error: null },
      { trigger: 'manual', http_status: 200, fetched: 2, created: 2, error: null },
    ]);

    const logged = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.action, 'feed.collect'), eq(userActions.userId, admin.user.id)));
    expect(logged.map((row) => row.newValue)).toContainEqual(
      expect.objectContaining({ id: feed.id, fetched: 2, created: 2, error: null }),
    );
  });

  it('keeps a failing feed’s error in Russian on the feed, in its log and in the failing filter', async () => {
    const feed = await create({ kind: 'rss', url: `${base}/broken.xml` });
    const res = await admin.post(collect(feed.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fetched: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      error: 'Лента недоступна: 500',
    });
    expect((await admin.get(detail(feed.id))).json()).toMatchObject({
      last_status: 500,
      last_error: 'Лента недоступна: 500',
      failures: 1,
    });
    const failing = (await admin.get(FEED_PATHS.list, { state: 'failing', search: 'broken' })).json();
    expect(failing.results.map((f: { id: number }) => f.id)).toEqual([feed.id]);
  });

  it('answers 409 while another process holds the feed, and collects once the lease has passed', async () => {
    const feed = await create({ kind: 'rss', url: `${base}/held.xml` });
    await t.db
      .update(feeds)
      .set({ leaseUntil: new Date(Date.now() + 300_000), leaseOwner: 'другой-сервер:1' })
      .where(eq(feeds.id, feed.id));
    const res = await admin.post(collect(feed.id));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Лента сейчас собирается, повторите позже');
    expect((await admin.get(runs(feed.id))).json().elements_count).toBe(0);

    await t.db
      .update(feeds)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(feeds.id, feed.id));
    expect((await admin.post(collect(feed.id))).statusCode).toBe(200);
    expect((await admin.get(runs(feed.id))).json().elements_count).toBe(1);
  });

  it('refuses callers without view_lomsource_admin and unknown feeds', async () => {
    const feed = await create({ kind: 'rss', url: `${base}/gorod-2.xml` });
    const before = hits.length;
    expect((await t.as('editor').post(collect(feed.id))).statusCode).toBe(403);
    expect((await t.anonymous.post(collect(feed.id))).statusCode).toBe(401);
    expect((await admin.post(collect(999_999))).statusCode).toBe(404);
    expect((await admin.post(apiPath(FEED_PATHS.collect, { id: 'abc' }))).statusCode).toBe(400);
    expect(hits.length).toBe(before);
  });
});
