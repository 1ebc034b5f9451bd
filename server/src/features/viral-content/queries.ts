import type { ViralStat } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { LIVE_VIRAL, VIRAL_MOSCOW_DAY, VIRAL_STAT_COLUMN } from '../../domain/viral-queries.ts';

/**
 * Viral content reads (docs/viral-content.md). `viral_per_cent` is stored on each message and kept by its row
 * trigger (migration 0024); the partial indexes messages_viral_{views,reposts,si}_idx hold the live viral
 * messages (viral_per_cent ≥ 300) by Moscow day in the order of each stat, so a page reads at most
 * `take` entries of each day of the period, whatever the number of messages.
 */

export interface ViralPageRow {
  id: number;
  text: string;
  url: string | null;
  wrote_at: string;
  si: number;
  number_views: string | number;
  repost_count: number;
  viral_per_cent: number;
  lom_id: number | null;
  lom_name: string | null;
  lom_avatar: string | null;
  source_id: number | null;
  source_name: string | null;
  source_icon: string | null;
}

/**
 * One page of the period's viral messages by `stat` (then id), newest id first among equals: each day gives
 * its first `offset + limit` through its index, and the page is cut from their union.
 */
export function viralPageRows(
  db: Db,
  range: { from: string; to: string },
  stat: ViralStat,
  offset: number,
  limit: number,
  textLength: number,
): Promise<ViralPageRow[]> {
  const column = sql.raw(VIRAL_STAT_COLUMN[stat]);
  return queryRows<ViralPageRow>(
    db,
    sql`
      select m.id, left(m.text, ${textLength}) as text, m.url,
             to_char(m.wrote_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as wrote_at,
             m.si, m.number_views, m.repost_count, m.viral_per_cent,
             l.id as lom_id, coalesce(l.name, m.lom_name) as lom_name, l.avatar as lom_avatar,
             s.id as source_id, s.name as source_name, s.icon as source_icon
        from (select t.id, t.value
                from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
                cross join lateral (
                  select id, ${column} as value
                    from messages
                   where ${VIRAL_MOSCOW_DAY} = d.day::date and ${LIVE_VIRAL}
                   order by ${column} desc nulls last, id desc nulls last
                   limit ${offset + limit}) t
               order by t.value desc, t.id desc
               offset ${offset} limit ${limit}) p
        join messages m on m.id = p.id
        left join loms l on l.id = m.lom_id
        left join sources s on s.id = m.source_id
       order by p.value desc, p.id desc`,
  );
}

/** How many live viral messages the period holds: an index-only count over the small partial index. */
export async function viralCount(db: Db, range: { from: string; to: string }): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    db,
    sql`select count(*) as total from messages
         where ${VIRAL_MOSCOW_DAY} between ${range.from}::date and ${range.to}::date and ${LIVE_VIRAL}`,
  );
  return Number(row?.total ?? 0);
}
