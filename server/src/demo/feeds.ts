import { FEED_LIMITS, type FeedKind, feedForSourceUrl } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

// issue 31: the demo's feeds (docs/collectors.md "Demo"). A subset of the loms' Telegram channels and VK walls, as
// «Создать ленты для источников» would make them, and three RSS feeds of Russian news sites standing alone. All are
// off: the demo's feeds exist, with their lom and platform, but fetch nothing until an administrator turns one on
// (or presses «Собрать сейчас»). No runs are invented. Deterministic: accounts are taken in id order.

/** Feeds of the loms' accounts, by kind. */
export const DEMO_FEED_COUNTS = { telegram: 30, vk: 15 } as const;

/** Public RSS feeds of Russian news agencies: what an administrator would add first. */
export const DEMO_RSS_FEEDS = [
  { url: 'https://www.interfax.ru/rss.asp', host: 'interfax.ru', intervalMinutes: 15 },
  { url: 'https://tass.ru/rss/v2.xml', host: 'tass.ru', intervalMinutes: 15 },
  { url: 'https://ria.ru/export/rss2/archive/index.xml', host: 'ria.ru', intervalMinutes: 30 },
] as const;

interface Account {
  id: number;
  url: string;
  lom_id: number | null;
  source_id: number;
}

interface FeedValues {
  kind: FeedKind;
  url: string;
  sourceId: number;
  lomId: number | null;
  lomSourceId: number | null;
  intervalMinutes: number;
}

/** The platform of a news site: the sources row of its host, or a new one named after it (product.md §3). */
async function platformOf(db: Db, host: string): Promise<number> {
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`select id from sources where regexp_replace(lower(host), '^www\\.', '') = ${host} order by id limit 1`,
  );
  if (found) return found.id;
  const [made] = await queryRows<{ id: number }>(
    db,
    sql`insert into sources (name, host, icon) values (${host}, ${host}, 'web') returning id`,
  );
  return made.id;
}

export async function seedFeeds(db: Db): Promise<{ telegram: number; vk: number; rss: number }> {
  const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where username = 'admin'`);
  const accounts = await queryRows<Account>(
    db,
    sql`select ls.id, ls.url, ls.lom_id, ls.source_id
          from lom_sources ls join sources s on s.id = ls.source_id
         where ls.is_active and ls.lom_id is not null and s.host in ('t.me', 'vk.com')
         order by ls.id`,
  );
  const feeds = new Map<string, FeedValues>();
  const made = { telegram: 0, vk: 0, rss: 0 };
  for (const account of accounts) {
    const offered = feedForSourceUrl(account.url);
    if (!offered || offered.kind === 'rss') continue;
    const key = `${offered.kind} ${offered.url}`;
    if (feeds.has(key) || made[offered.kind] >= DEMO_FEED_COUNTS[offered.kind]) continue;
    made[offered.kind]++;
    feeds.set(key, {
      kind: offered.kind,
      url: offered.url,
      sourceId: account.source_id,
      lomId: account.lom_id,
      lomSourceId: account.id,
      intervalMinutes: FEED_LIMITS.defaultIntervalMinutes,
    });
  }
  for (const site of DEMO_RSS_FEEDS) {
    made.rss++;
    feeds.set(`rss ${site.url}`, {
      kind: 'rss',
      url: site.url,
      sourceId: await platformOf(db, site.host),
      lomId: null,
      lomSourceId: null,
      intervalMinutes: site.intervalMinutes,
    });
  }
  const rows = [...feeds.values()].map(
    (f) =>
      sql`(${f.kind}, ${f.url}, ${f.sourceId}, ${f.lomId}, ${f.lomSourceId}, false, ${f.intervalMinutes}, ${admin?.id ?? null})`,
  );
  if (rows.length > 0)
    await db.execute(sql`
      insert into feeds (kind, url, source_id, lom_id, lom_source_id, enabled, interval_minutes, created_by)
      values ${sql.join(rows, sql`, `)}
      on conflict (kind, url) do nothing`);
  return made;
}
