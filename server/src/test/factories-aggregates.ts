import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { lomMetricsSql, NEWS_STATISTICS_SQL, ROLLUP_SQL } from '../demo/finalize.ts';

// The aggregates (daily rollup, lom metrics, news statistics) as the demo loader builds them, for the tests
// that check what a write keeps up to date.

/** Rebuilds every aggregate from scratch (the demo loader's definitions), as after a seed. */
export async function rebuildAggregates(db: Db): Promise<void> {
  await db.execute(sql`delete from message_daily_stats`);
  await db.execute(sql.raw(ROLLUP_SQL));
  await db.execute(sql.raw(lomMetricsSql()));
  await db.execute(sql`delete from news_statistics`);
  await db.execute(sql.raw(NEWS_STATISTICS_SQL));
}

const ROLLUP_ROWS = sql`
  select to_char(day, 'YYYY-MM-DD') as day, lom_id, source_id, theme_id, info_reason_id, mood, live, verified,
         message_count, round(si_sum::numeric, 6)::text as si, views_sum::text as views,
         reposts_sum::text as reposts, comments_sum::text as comments
    from message_daily_stats
   order by 1, 2, 3, 4, 5, 6, 7, 8`;
const LOM_ROWS = sql`
  select id, round(total_si::numeric, 6)::text as total_si, total_views::text as total_views, message_number,
         messages_count, verified_count, round(average_si::numeric, 6)::text as average_si,
         last_message_at::text as last_message_at, quotes_count
    from loms order by id`;
const NEWS_ROWS = sql`
  select news_id, round(total_si::numeric, 6)::text as total_si, total_views::text as total_views,
         message_count, mood_table from news_statistics order by news_id`;

class Rollback extends Error {}

/**
 * The aggregates as kept by the write path and as a full rebuild computes them; a
 * test asserts `current` equals `expected`. The rebuild is rolled back.
 */
export async function aggregateSnapshot(db: Db) {
  const read = async (tx: Db) => ({
    rollup: await queryRows<Record<string, unknown>>(tx, ROLLUP_ROWS),
    loms: await queryRows<Record<string, unknown>>(tx, LOM_ROWS),
    news: await queryRows<Record<string, unknown>>(tx, NEWS_ROWS),
  });
  const current = await read(db);
  let expected = current;
  try {
    await db.transaction(async (tx) => {
      await rebuildAggregates(tx);
      expected = await read(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return { current, expected };
}
