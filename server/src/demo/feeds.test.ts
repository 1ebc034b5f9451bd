import { FEED_PATHS, feedForSourceUrl } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createKit, type Kit } from '../test/kit.ts';
import { DEMO_FEED_COUNTS, DEMO_RSS_FEEDS, seedFeeds } from './feeds.ts';

// The demo's feeds (demo/feeds.ts): part of the loms' Telegram and VK accounts and three news sites, all off.
describe('demo feeds', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit({}, { demo: { messages: 1500, seed: 11 } });
  }, 240_000);
  afterAll(() => kit?.close());

  interface Row {
    kind: string;
    url: string;
    enabled: boolean;
    lom_id: number | null;
    lom_source_id: number | null;
    account_url: string | null;
    account_lom: number | null;
    account_platform: number | null;
    source_id: number;
    platform: string;
    platform_host: string;
    created_by: string | null;
  }
  const rows = () =>
    queryRows<Row>(
      kit.db,
      sql`select f.kind, f.url, f.enabled, f.lom_id, f.lom_source_id, ls.url as account_url,
                 ls.lom_id as account_lom, ls.source_id as account_platform, f.source_id, s.name as platform,
                 s.host as platform_host, u.username as created_by
            from feeds f join sources s on s.id = f.source_id
            left join lom_sources ls on ls.id = f.lom_source_id
            left join users u on u.id = f.created_by
           order by f.id`,
    );

  it('gives loms’ Telegram channels and VK walls feeds of their accounts, and three news sites RSS, all off', async () => {
    const feeds = await rows();
    const byKind = (kind: string) => feeds.filter((f) => f.kind === kind);
    expect(byKind('telegram')).toHaveLength(DEMO_FEED_COUNTS.telegram);
    expect(byKind('vk')).toHaveLength(DEMO_FEED_COUNTS.vk);
    for (const feed of [...byKind('telegram'), ...byKind('vk')]) {
      expect(feedForSourceUrl(feed.account_url ?? '')).toEqual({ kind: feed.kind, url: feed.url });
      expect(feed.lom_id).not.toBeNull();
      expect(feed.lom_id).toBe(feed.account_lom);
      expect(feed.source_id).toBe(feed.account_platform);
      expect(feed.platform_host).toBe(feed.kind === 'telegram' ? 't.me' : 'vk.com');
    }
    expect(byKind('rss').map((f) => [f.url, f.platform, f.lom_id])).toEqual(
      DEMO_RSS_FEEDS.map((site) => [site.url, site.host, null]),
    );
    expect(feeds.every((f) => !f.enabled && f.created_by === 'admin')).toBe(true);
    const [runs] = await queryRows<{ n: number }>(kit.db, sql`select count(*)::int as n from feed_runs`);
    expect(runs.n).toBe(0);
  });

  it('shows them in the «Сбор» list as off, with no next run; seeding them again adds nothing', async () => {
    const admin = kit.as('admin');
    const total = DEMO_FEED_COUNTS.telegram + DEMO_FEED_COUNTS.vk + DEMO_RSS_FEEDS.length;
    const off = (await admin.get(FEED_PATHS.list, { state: 'disabled', page_size: 200 })).json();
    expect(off.elements_count).toBe(total);
    expect(off.results.every((f: { next_run_at: string | null }) => f.next_run_at === null)).toBe(true);
    const telegram = off.results.find((f: { kind: string }) => f.kind === 'telegram');
    expect(telegram.lom).not.toBeNull();
    expect(telegram.lom_source.url).toMatch(/t\.me\//);
    expect((await admin.get(FEED_PATHS.list, { state: 'enabled' })).json().elements_count).toBe(0);

    const before = await rows();
    await seedFeeds(kit.db);
    expect(await rows()).toEqual(before);
  });

  it('leaves the rest of the accounts to «Создать ленты для источников», which does not repeat the demo’s', async () => {
    const res = await kit.as('admin').post(FEED_PATHS.fromSources);
    expect(res.statusCode, res.body).toBe(200);
    const { checked, created } = res.json();
    expect(checked).toBeGreaterThan(DEMO_FEED_COUNTS.telegram + DEMO_FEED_COUNTS.vk);
    expect(created).toBeGreaterThan(0);
    const [dupes] = await queryRows<{ n: number }>(
      kit.db,
      sql`select count(*)::int as n from (select kind, url from feeds group by 1, 2 having count(*) > 1) d`,
    );
    expect(dupes.n).toBe(0);
  });
});
