import type { MessageFilter, MessageOrdering, MessageStat } from '@monitoring/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client.ts';
import {
  cities,
  infoReasons,
  lomSources,
  loms,
  messageRubrics,
  messages,
  regions,
  rubrics,
  sources,
  tags,
  themes,
} from '../../db/schema/index.ts';
import { messageFilterConditions } from '../filters/message-filter-queries.ts';

/** Rows read per round trip: small enough to keep memory flat, large enough to keep trips few. */
export const REPORT_BATCH_SIZE = 2_000;

type Filter = Omit<MessageFilter, 'ordering'>;

const where = (filter: Filter, ...more: (SQL | undefined)[]) =>
  and(...messageFilterConditions(filter), ...more);

/** How many messages match, counting no further than `cap` (so a huge period costs no more than the cap). */
export async function countMessages(db: Db, filter: Filter, cap?: number): Promise<number> {
  const condition = where(filter) ?? sql`true`;
  const inner =
    cap === undefined
      ? sql`select 1 from ${messages} where ${condition}`
      : sql`select 1 from ${messages} where ${condition} limit ${cap + 1}`;
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*)::int as n from (${inner}) s`);
  return Number(row?.n ?? 0);
}

/** Average bytes of text and lom name over a sample of the matching messages: the size estimate's input. */
export async function sampleTextBytes(db: Db, filter: Filter, sample = 300): Promise<number> {
  const condition = where(filter) ?? sql`true`;
  const [row] = await queryRows<{ bytes: number | string | null }>(
    db,
    sql`select avg(octet_length(s.text) + octet_length(coalesce(s.lom_name, '')) + octet_length(coalesce(s.url, '')))::float8 as bytes
          from (select ${messages.text} as text, ${messages.lomName} as lom_name, ${messages.url} as url
                  from ${messages} where ${condition}
                  order by ${messages.wroteAt} desc limit ${sample}) s`,
  );
  return Number(row?.bytes ?? 0);
}

export interface MoodSummaryRow {
  /** 1–6 with 4 merged into 3; null for messages without a mood; 'total' for the row over all. */
  mood: number | null | 'total';
  messages: number;
  loms: number;
  si: number;
  views: number;
  reposts: number;
}

/** The mood table of the filter: mood 4 counted as 3 (product.md §4), plus the row over everything. */
export async function moodSummary(db: Db, filter: Filter): Promise<MoodSummaryRow[]> {
  const condition = where(filter) ?? sql`true`;
  const rows = await queryRows<{
    mood: number | null;
    is_total: boolean;
    messages: number | string;
    loms: number | string;
    si: number | string | null;
    views: number | string | null;
    reposts: number | string | null;
  }>(
    db,
    sql`select s.mood, grouping(s.mood) = 1 as is_total, count(*)::int as messages,
               count(distinct s.lom_id)::int as loms, coalesce(sum(s.si), 0)::float8 as si,
               coalesce(sum(s.views), 0)::float8 as views, coalesce(sum(s.reposts), 0)::float8 as reposts
          from (select case when ${messages.mood} = 4 then 3 else ${messages.mood} end as mood,
                       ${messages.lomId} as lom_id, ${messages.si} as si,
                       ${messages.numberViews} as views, ${messages.repostCount} as reposts
                  from ${messages} where ${condition}) s
         group by grouping sets ((s.mood), ())`,
  );
  return rows.map((r) => ({
    mood: r.is_total ? 'total' : r.mood === null ? null : Number(r.mood),
    messages: Number(r.messages),
    loms: Number(r.loms),
    si: Number(r.si ?? 0),
    views: Number(r.views ?? 0),
    reposts: Number(r.reposts ?? 0),
  }));
}

export interface LomSummaryRow {
  lomId: number | null;
  name: string;
  messages: number;
  si: number;
  views: number;
  reposts: number;
  /** Messages per mood, 4 merged into 3. */
  moods: Record<1 | 2 | 3 | 5 | 6, number>;
}

/** Per-lom statistics of the filter, most messages first. */
export async function lomSummary(db: Db, filter: Filter, limit: number): Promise<LomSummaryRow[]> {
  const condition = where(filter) ?? sql`true`;
  const moodCount = (ids: string) => sql.raw(`count(*) filter (where s.mood in (${ids}))::int`);
  const rows = await queryRows<{
    lom_id: number | null;
    name: string | null;
    messages: number | string;
    si: number | string;
    views: number | string;
    reposts: number | string;
    m1: number;
    m2: number;
    m3: number;
    m5: number;
    m6: number;
  }>(
    db,
    sql`select s.lom_id, min(${loms.name}) as name, count(*)::int as messages,
               coalesce(sum(s.si), 0)::float8 as si, coalesce(sum(s.views), 0)::float8 as views,
               coalesce(sum(s.reposts), 0)::float8 as reposts,
               ${moodCount('1')} as m1, ${moodCount('2')} as m2, ${moodCount('3, 4')} as m3,
               ${moodCount('5')} as m5, ${moodCount('6')} as m6
          from (select ${messages.lomId} as lom_id, ${messages.mood} as mood, ${messages.si} as si,
                       ${messages.numberViews} as views, ${messages.repostCount} as reposts
                  from ${messages} where ${condition}) s
          left join ${loms} on ${loms.id} = s.lom_id
         group by s.lom_id
         order by count(*) desc, min(${loms.name}), s.lom_id
         limit ${limit}`,
  );
  return rows.map((r) => ({
    lomId: r.lom_id,
    name: r.name ?? 'Без ЛОМ',
    messages: Number(r.messages),
    si: Number(r.si),
    views: Number(r.views),
    reposts: Number(r.reposts),
    moods: { 1: Number(r.m1), 2: Number(r.m2), 3: Number(r.m3), 5: Number(r.m5), 6: Number(r.m6) },
  }));
}

/** A message as the reports show it. */
export interface ReportMessageRow {
  id: number;
  wroteAt: Date;
  lomId: number | null;
  lomName: string | null;
  sourceName: string | null;
  url: string | null;
  messageType: number;
  contentType: number | null;
  state: number;
  text: string;
  mood: number | null;
  themeId: number | null;
  themeName: string | null;
  infoReasonName: string | null;
  rubrics: string | null;
  regionName: string | null;
  si: number;
  views: number;
  reposts: number;
  comments: number;
  verified: boolean;
  verifiedBySuperEditor: boolean;
  /** The sort column as PostgreSQL prints it: exact, for the next batch's key. */
  sortKey: string;
}

interface OrderSpec {
  column: AnyPgColumn;
  cast: string;
  descending: boolean;
}

const ORDER_COLUMNS = {
  wrote_at: { column: messages.wroteAt, cast: 'timestamptz' },
  si: { column: messages.si, cast: 'float8' },
  number_views: { column: messages.numberViews, cast: 'int8' },
  repost_count: { column: messages.repostCount, cast: 'int4' },
} as const;

/**
 * A report walks its messages in batches keyed by the ordering's column; relevance has no column to key on, so a
 * report of a list ordered by relevance comes newest first (docs/search.md).
 */
function orderSpec(requested: MessageOrdering): OrderSpec {
  const ordering = requested === '-relevance' ? '-wrote_at' : requested;
  const descending = ordering.startsWith('-');
  const key = (descending ? ordering.slice(1) : ordering) as keyof typeof ORDER_COLUMNS;
  return { ...ORDER_COLUMNS[key], descending };
}

export const STAT_ORDERING: Readonly<Record<MessageStat, MessageOrdering>> = {
  si: '-si',
  views: '-number_views',
  reposts: '-repost_count',
};

/** The last row of a batch: where the next one starts. */
export interface BatchCursor {
  sortKey: string;
  id: number;
}

/**
 * One batch of report rows in the filter's order, after `cursor` (keyset on
 * (sort column, id), so every batch is an index range, however deep).
 * The sort key is compared as PostgreSQL printed it, so microseconds survive.
 */
export async function messageBatch(
  db: Db,
  filter: MessageFilter,
  cursor: BatchCursor | null,
  limit: number = REPORT_BATCH_SIZE,
): Promise<ReportMessageRow[]> {
  const { column, cast, descending } = orderSpec(filter.ordering);
  const after = cursor
    ? descending
      ? sql`(${column}, ${messages.id}) < (${cursor.sortKey}::${sql.raw(cast)}, ${cursor.id})`
      : sql`(${column}, ${messages.id}) > (${cursor.sortKey}::${sql.raw(cast)}, ${cursor.id})`
    : undefined;
  const direction = descending ? desc : asc;
  return db
    .select({
      id: messages.id,
      wroteAt: messages.wroteAt,
      lomId: messages.lomId,
      lomName: sql<string | null>`coalesce(${messages.lomName}, ${loms.name})`,
      sourceName: sources.name,
      url: sql<string | null>`coalesce(${messages.url}, ${lomSources.url})`,
      messageType: messages.messageType,
      contentType: messages.contentTypeId,
      state: messages.state,
      text: messages.text,
      mood: messages.mood,
      themeId: messages.themeId,
      themeName: themes.name,
      infoReasonName: infoReasons.name,
      rubrics: sql<string | null>`(select string_agg(${rubrics.name}, ', ' order by ${rubrics.name})
        from ${messageRubrics} join ${rubrics} on ${rubrics.id} = ${messageRubrics.rubricId}
        where ${messageRubrics.messageId} = ${messages.id})`,
      regionName: regions.name,
      si: messages.si,
      views: messages.numberViews,
      reposts: messages.repostCount,
      comments: messages.commentsCount,
      verified: messages.verified,
      verifiedBySuperEditor: messages.verifiedBySuperEditor,
      sortKey: sql<string>`${column}::text`,
    })
    .from(messages)
    .leftJoin(loms, eq(loms.id, messages.lomId))
    .leftJoin(lomSources, eq(lomSources.id, messages.lomSourceId))
    .leftJoin(sources, eq(sources.id, messages.sourceId))
    .leftJoin(themes, eq(themes.id, messages.themeId))
    .leftJoin(infoReasons, eq(infoReasons.id, messages.infoReasonId))
    .leftJoin(regions, eq(regions.id, messages.regionId))
    .where(where(filter, after))
    .orderBy(direction(column), direction(messages.id))
    .limit(limit);
}

/** Every matching row in order, one batch in memory at a time. */
export async function* messageBatches(db: Db, filter: MessageFilter, limit = REPORT_BATCH_SIZE) {
  let cursor: BatchCursor | null = null;
  while (true) {
    const rows = await messageBatch(db, filter, cursor, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    const last = rows[rows.length - 1];
    cursor = { sortKey: last.sortKey, id: last.id };
  }
}

/** Names of directory entries by id, in the order of `ids`, for the filter summary. */
export async function namesByIds(db: Db, table: NamedTable, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { source, id, name } = NAMED_TABLES[table];
  const rows = await db
    .select({ id, name })
    .from(source)
    .where(inArray(id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((key) => byId.get(key) ?? `№ ${key}`);
}

const NAMED_TABLES = {
  loms: { source: loms, id: loms.id, name: loms.name },
  themes: { source: themes, id: themes.id, name: themes.name },
  infoReasons: { source: infoReasons, id: infoReasons.id, name: infoReasons.name },
  rubrics: { source: rubrics, id: rubrics.id, name: rubrics.name },
  regions: { source: regions, id: regions.id, name: regions.name },
  cities: { source: cities, id: cities.id, name: cities.name },
  sources: { source: sources, id: sources.id, name: sources.name },
  tags: { source: tags, id: tags.id, name: tags.name },
} satisfies Record<string, { source: PgTable; id: AnyPgColumn; name: AnyPgColumn }>;
export type NamedTable = keyof typeof NAMED_TABLES;
