import type { MessageFilter } from '@monitoring/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { infoReasons, loms, messageDailyStats, messages, themes } from '../../db/schema/index.ts';
import { ROLLUP_TIME_ZONE } from '../../db/schema/rollups.ts';
import { messageFilterWhere } from '../filters/message-filter-queries.ts';
import { rollupConditions } from './mood-table-queries.ts';

/**
 * The report tables (docs/home.md): sums of the filter's messages grouped by theme, info
 * reason or lom, with their counts per mood, from message_daily_stats when the filter fits it
 * (its key holds theme, info reason, lom and mood), else from messages.
 */

type Filter = Omit<MessageFilter, 'ordering'>;

export type ReportDimension = 'theme' | 'info_reason' | 'lom';
export type ReportMetric = 'si' | 'views' | 'messages';
export type ReportSource = 'rollup' | 'messages';

const STORED_MOODS = [1, 2, 3, 4, 5, 6] as const;

export interface ReportGroupRow {
  key: number;
  name: string;
  n: number;
  si: number;
  views: number;
  loms: number;
  /** Counts by stored mood id. */
  moods: Record<number, number>;
}

const rollupColumn: Record<ReportDimension, SQL> = {
  theme: sql`${messageDailyStats.themeId}`,
  info_reason: sql`${messageDailyStats.infoReasonId}`,
  lom: sql`${messageDailyStats.lomId}`,
};
const messageColumn: Record<ReportDimension, SQL> = {
  theme: sql`${messages.themeId}`,
  info_reason: sql`${messages.infoReasonId}`,
  lom: sql`${messages.lomId}`,
};
const nameOf: Record<ReportDimension, { table: SQL; name: SQL; id: SQL }> = {
  theme: { table: sql`${themes}`, name: sql`${themes.name}`, id: sql`${themes.id}` },
  info_reason: { table: sql`${infoReasons}`, name: sql`${infoReasons.name}`, id: sql`${infoReasons.id}` },
  lom: { table: sql`${loms}`, name: sql`${loms.name}`, id: sql`${loms.id}` },
};
const orderOf: Record<ReportMetric, string> = { si: 'si', views: 'views', messages: 'n' };

/** Per (key, lom, mood) sums of the filter's messages with a `dimension`; which table answered. */
function perKeyLomMood(filter: Filter, dimension: ReportDimension): { query: SQL; source: ReportSource } {
  const rollup = rollupConditions(filter);
  if (rollup) {
    const r = messageDailyStats;
    const key = rollupColumn[dimension];
    return {
      source: 'rollup',
      query: sql`select ${key} as key, ${r.lomId} as lom_id, ${r.mood} as mood,
          sum(${r.messageCount})::bigint as n, sum(${r.siSum}) as si, sum(${r.viewsSum})::bigint as views
        from ${r} where ${and(...rollup, sql`${key} is not null`)} group by 1, 2, 3`,
    };
  }
  const m = messages;
  const key = messageColumn[dimension];
  return {
    source: 'messages',
    query: sql`select ${key} as key, ${m.lomId} as lom_id, ${m.mood} as mood, count(*) as n,
        sum(${m.si}) as si, sum(${m.numberViews})::bigint as views
      from ${m} where ${and(messageFilterWhere(filter), sql`${key} is not null`)} group by 1, 2, 3`,
  };
}

interface GroupSqlRow {
  key: number;
  name: string | null;
  n: string | number;
  si: number | null;
  views: string | number | null;
  loms: string | number;
  total: string | number;
  [mood: `m${number}`]: string | number | null;
}

/** One page of the groups, ordered by `metric` (desc, then id), and the number of groups. */
export async function reportGroupPage(
  db: Db,
  filter: Filter,
  dimension: ReportDimension,
  metric: ReportMetric,
  page: number,
  pageSize: number,
): Promise<{ rows: ReportGroupRow[]; total: number; source: ReportSource }> {
  const { query, source } = perKeyLomMood(filter, dimension);
  const named = nameOf[dimension];
  const moodSums = sql.raw(
    STORED_MOODS.map((mood) => `sum(n) filter (where mood = ${mood})::bigint as m${mood}`).join(', '),
  );
  const order = sql.raw(orderOf[metric]);
  const rows = await queryRows<GroupSqlRow>(
    db,
    sql`with b as (${query}),
        g as (select key, sum(n)::bigint as n, sum(si) as si, sum(views)::bigint as views,
                     count(distinct lom_id) as loms, ${moodSums}
                from b group by key)
        select g.*, ${named.name} as name, count(*) over () as total
          from g left join ${named.table} on ${named.id} = g.key
         order by g.${order} desc nulls last, g.key
         limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    rows: rows.map((row) => ({
      key: Number(row.key),
      name: row.name ?? '',
      n: Number(row.n),
      si: Number(row.si ?? 0),
      views: Number(row.views ?? 0),
      loms: Number(row.loms),
      moods: Object.fromEntries(STORED_MOODS.map((mood) => [mood, Number(row[`m${mood}`] ?? 0)])),
    })),
    total: rows.length ? Number(rows[0].total) : 0,
    source,
  };
}

export interface ReportDayRow {
  day: string;
  mood: number | null;
  n: number;
  with_theme: number;
  si: number;
  views: number;
}

/** Per Moscow day and mood: the filter's messages, those with a theme, SI and views. */
export async function reportDayRows(
  db: Db,
  filter: Filter,
): Promise<{ rows: ReportDayRow[]; source: ReportSource }> {
  const rollup = rollupConditions(filter);
  let query: SQL;
  let source: ReportSource;
  if (rollup) {
    const r = messageDailyStats;
    source = 'rollup';
    query = sql`select ${r.day}::text as day, ${r.mood} as mood, sum(${r.messageCount})::bigint as n,
        sum(${r.messageCount}) filter (where ${r.themeId} is not null)::bigint as with_theme,
        sum(${r.siSum}) as si, sum(${r.viewsSum})::bigint as views
      from ${r} where ${and(...rollup) ?? sql`true`} group by 1, 2`;
  } else {
    const m = messages;
    source = 'messages';
    query = sql`select (${m.wroteAt} at time zone ${sql.raw(`'${ROLLUP_TIME_ZONE}'`)})::date::text as day,
        ${m.mood} as mood, count(*) as n, count(*) filter (where ${m.themeId} is not null) as with_theme,
        sum(${m.si}) as si, sum(${m.numberViews})::bigint as views
      from ${m} where ${messageFilterWhere(filter) ?? sql`true`} group by 1, 2`;
  }
  const rows = await queryRows<{
    day: string;
    mood: number | null;
    n: string | number;
    with_theme: string | number | null;
    si: number | null;
    views: string | number | null;
  }>(db, query);
  return {
    source,
    rows: rows.map((row) => ({
      day: row.day,
      mood: row.mood === null ? null : Number(row.mood),
      n: Number(row.n),
      with_theme: Number(row.with_theme ?? 0),
      si: Number(row.si ?? 0),
      views: Number(row.views ?? 0),
    })),
  };
}
