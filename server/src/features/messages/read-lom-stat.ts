import {
  fillMoodTable,
  isMood,
  type LomStatItem,
  type MessageStat,
  type PartialMoodTable,
} from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { offsetOf } from '../../http/pagination.ts';

/** Column of the per-lom sums each stat orders by (§4: si, views, reposts). */
const STAT_ORDER: Record<MessageStat, SQL> = {
  si: sql`si`,
  views: sql`views`,
  reposts: sql`reposts`,
};

interface LomStatRow {
  lom_id: number;
  name: string;
  avatar: string | null;
  subscribers: string | number;
  n: string | number;
  si: number | null;
  views: string | number | null;
  reposts: string | number | null;
  moods: [number, string | number, number | null, string | number | null][];
  total: string | number;
}

/**
 * Loms of a per-(lom, mood) sums query (see perLomMood), ordered by the chosen stat,
 * one page with the total in the same round trip, each with its own mood table.
 * Messages without a lom are left out.
 */
export async function lomStatPage(
  db: Db,
  perLomMood: SQL,
  stat: MessageStat,
  page: number,
  pageSize: number,
) {
  const rows = await queryRows<LomStatRow>(
    db,
    sql`with p as (select * from (${perLomMood}) x where x.lom_id is not null),
        per_lom as (
          select lom_id, sum(n) as n, sum(si) as si, sum(views) as views, sum(reposts) as reposts,
                 json_agg(json_build_array(mood, n, si, views)) filter (where mood is not null) as moods,
                 count(*) over () as total
            from p group by lom_id
           order by ${STAT_ORDER[stat]} desc nulls last, lom_id
           limit ${pageSize} offset ${offsetOf(page, pageSize)})
        select per_lom.*, l.name, l.avatar, l.subscribers
          from per_lom join loms l on l.id = per_lom.lom_id
         order by ${STAT_ORDER[stat]} desc nulls last, lom_id`,
  );
  const total = rows.length > 0 ? Number(rows[0].total) : 0;
  return { rows: rows.map(presentLomStat), total };
}

function presentLomStat(row: LomStatRow): LomStatItem {
  const subscribers = Number(row.subscribers);
  const table: PartialMoodTable = {};
  for (const [mood, n, si, views] of row.moods ?? []) {
    if (!isMood(mood)) continue;
    table[mood] = {
      message_count: Number(n),
      lom_count: Number(n) > 0 ? 1 : 0,
      total_si: Number(si ?? 0),
      total_views: Number(views ?? 0),
      subscribers: Number(n) > 0 ? subscribers : 0,
    };
  }
  return {
    lom: { id: row.lom_id, name: row.name, avatar: row.avatar },
    message_count: Number(row.n),
    total_si: Number(row.si ?? 0),
    total_views: Number(row.views ?? 0),
    total_reposts: Number(row.reposts ?? 0),
    subscribers,
    mood_table: fillMoodTable(table),
  };
}
