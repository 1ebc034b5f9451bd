import type { MessageFilter, MessageOrdering } from '@monitoring/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client.ts';
import {
  fragments,
  infoReasons,
  lomSources,
  loms,
  messageDayCounts,
  messageRubrics,
  messages,
  messageTags,
  rubrics,
  sources,
  tags,
  themes,
} from '../../db/schema/index.ts';
import { offsetOf } from '../../http/pagination.ts';
import { dayCountConditions, moodCellFilter, moodCellRows } from '../aggregates/mood-table-queries.ts';
import { messageFilterWhere } from '../filters/message-filter-queries.ts';
import { searchCondition, searchRank } from '../search/search-queries.ts';

export type Named = { id: number; name: string };

const ORDER_COLUMNS: Record<MessageOrdering, [AnyPgColumn, 'asc' | 'desc']> = {
  '-wrote_at': [messages.wroteAt, 'desc'],
  wrote_at: [messages.wroteAt, 'asc'],
  '-si': [messages.si, 'desc'],
  si: [messages.si, 'asc'],
  '-number_views': [messages.numberViews, 'desc'],
  number_views: [messages.numberViews, 'asc'],
  '-repost_count': [messages.repostCount, 'desc'],
  repost_count: [messages.repostCount, 'asc'],
  // Relevance needs a search (listMessageIds); without one the list keeps its default order.
  '-relevance': [messages.wroteAt, 'desc'],
};

/** The ordering with `id` as the tie-break, so pages never overlap. */
export function messageOrderBy(ordering: MessageOrdering): SQL[] {
  const [column, direction] = ORDER_COLUMNS[ordering];
  const by = direction === 'desc' ? desc : asc;
  return [by(column), by(messages.id)];
}

/**
 * The ids of one page. Selecting only the id keeps the default ordering an index-only
 * scan of `messages_wrote_at_idx` that stops after the page (docs/data-model.md).
 */
export async function listMessageIds(db: Db, filter: MessageFilter, page: number, pageSize: number) {
  const rank = filter.ordering === '-relevance' && filter.search ? searchRank(filter.search) : null;
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(messageFilterWhere(filter))
    .orderBy(
      ...(rank ? [desc(rank), desc(messages.wroteAt), desc(messages.id)] : messageOrderBy(filter.ordering)),
    )
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
  return rows.map((r) => r.id);
}

/**
 * The exact number of messages matching a filter: a sum over message_mood_days (period,
 * mood, flags) or message_day_counts (also type and status) when the filter tests only
 * what the rollup keeps, else a count(*) over messages. A
 * separate count rather than count(*) over () beside the page: the window keeps every
 * matching row (it spilled to disk at a month of messages), a count only walks the index.
 */
export async function countMessages(db: Db, filter: Omit<MessageFilter, 'ordering'>): Promise<number> {
  const cells = moodCellFilter(filter, { withoutMood: true });
  if (cells) {
    const [row] = await queryRows<{ n: string | null }>(
      db,
      sql`select sum(c.message_count) as n from (${moodCellRows(cells, sql`message_count`)}) c`,
    );
    return Number(row?.n ?? 0);
  }
  const byDay = dayCountConditions(filter);
  if (byDay) {
    const [row] = await db
      .select({ n: sql<string | null>`sum(${messageDayCounts.messageCount})` })
      .from(messageDayCounts)
      .where(and(...byDay));
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: count() }).from(messages).where(messageFilterWhere(filter));
  return Number(row?.n ?? 0);
}

/**
 * Newest messages of the filter that a search's first pages test before asking the index (docs/search.md): a short
 * walk first, which settles a dense query for a few hundred rows; then, sized by the density that walk saw, a longer
 * one of at most SEARCH_MAX_WALK.
 */
export const SEARCH_FIRST_WALK = 600;
export const SEARCH_MAX_WALK = 10_000;

export interface SearchWalk {
  /** The page's ids, newest first. */
  ids: number[];
  /** Matches among the rows walked. */
  hits: number;
  /** Rows walked: fewer than asked means every row of the filter was tested, so hits is the exact count. */
  seen: number;
}

/**
 * A search's page in the default order by walking the filter's newest `rows` messages down the date index and
 * testing each against the query, whatever the planner expects of the query's frequency (its estimates for phrases,
 * proximity and prefixes are often far off). A query that matches densely is answered here at a bounded cost; one
 * whose page is not complete within the walk goes to the index (listMessageIds). No search: null.
 */
export async function walkSearchPage(
  db: Db,
  filter: MessageFilter,
  offset: number,
  pageSize: number,
  rows: number,
): Promise<SearchWalk | null> {
  if (!filter.search) return null;
  const { search, ...rest } = filter;
  const where = messageFilterWhere(rest);
  const [row] = await queryRows<{ ids: number[] | null; hits: number; seen: number }>(
    db,
    sql`with w as (
          select ${messages.id} as id, ${messages.wroteAt} as wrote_at, ${searchCondition(search)} as hit
            from ${messages} ${where ? sql`where ${where}` : sql``}
           order by ${messages.wroteAt} desc, ${messages.id} desc
           limit ${rows})
        select (select array_agg(p.id order by p.wrote_at desc, p.id desc)
                  from (select id, wrote_at from w where hit order by wrote_at desc, id desc
                         limit ${pageSize} offset ${offset}) p) as ids,
               count(*) filter (where hit)::int as hits, count(*)::int as seen
          from w`,
  );
  return { ids: row?.ids ?? [], hits: Number(row?.hits ?? 0), seen: Number(row?.seen ?? 0) };
}

/** How far a search's count goes on a list page: past it the page says «более 1 000» (docs/search.md "Counts"). */
export const SEARCH_COUNT_CAP = 1000;

export interface BoundedCount {
  count: number;
  /** False when count is SEARCH_COUNT_CAP and more match. */
  exact: boolean;
}

/**
 * The count of a list page: exact without a search (countMessages); with one, counted up to SEARCH_COUNT_CAP, so
 * that the page costs the same however many messages match (the exact number is pagination_count's).
 */
export async function countMessagesBounded(
  db: Db,
  filter: Omit<MessageFilter, 'ordering'>,
): Promise<BoundedCount> {
  if (!filter.search) return { count: await countMessages(db, filter), exact: true };
  const [row] = await queryRows<{ n: number }>(
    db,
    // In the list's order, so that the planner weighs walking the date index until the cap (a common word) against
    // the GIN index and a sort (a rare one); unordered, it may read the table from its oldest rows.
    sql`select count(*)::int as n from (select 1 from ${messages} where ${messageFilterWhere(filter)}
          order by ${messages.wroteAt} desc, ${messages.id} desc limit ${SEARCH_COUNT_CAP + 1}) s`,
  );
  const n = Number(row?.n ?? 0);
  return n > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, exact: false } : { count: n, exact: true };
}

const namedList = (link: SQL, table: SQL) =>
  sql<Named[]>`coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.name, x.id)
     from ${table} x where x.id in (${link})), '[]'::json)`;

/** The columns of a list row: the message, its lom, source, theme and info reason, and its links. */
const listColumns = {
  id: messages.id,
  text: messages.text,
  lomId: messages.lomId,
  lomName: messages.lomName,
  lomCurrentName: loms.name,
  lomAvatar: loms.avatar,
  sourceId: messages.sourceId,
  sourceName: sources.name,
  sourceIcon: sources.icon,
  lomSourceId: messages.lomSourceId,
  lomSourceUrl: lomSources.url,
  url: messages.url,
  wroteAt: messages.wroteAt,
  messageType: messages.messageType,
  state: messages.state,
  contentTypeId: messages.contentTypeId,
  mood: messages.mood,
  moodAi: messages.moodAi,
  themeId: messages.themeId,
  themeName: themes.name,
  infoReasonId: messages.infoReasonId,
  infoReasonName: infoReasons.name,
  verified: messages.verified,
  verifiedBySuperEditor: messages.verifiedBySuperEditor,
  verifiedAi: messages.verifiedAi,
  delayed: messages.delayed,
  archived: messages.archived,
  trash: messages.trash,
  fromZephyr: messages.fromZephyr,
  isManual: messages.isManual,
  si: messages.si,
  numberViews: messages.numberViews,
  repostCount: messages.repostCount,
  commentsCount: messages.commentsCount,
  viralPerCent: messages.viralPerCent,
  fragmentPresence: messages.fragmentPresence,
  rubrics: namedList(
    sql`select ${messageRubrics.rubricId} from ${messageRubrics} where ${messageRubrics.messageId} = ${messages.id}`,
    sql`${rubrics}`,
  ),
  tags: namedList(
    sql`select ${messageTags.tagId} from ${messageTags} where ${messageTags.messageId} = ${messages.id}`,
    sql`${tags}`,
  ),
  fragmentsCount:
    sql<number>`(select count(*) from ${fragments} where ${fragments.messageId} = ${messages.id})`.mapWith(
      Number,
    ),
};

function listSelect(db: Db) {
  return db
    .select(listColumns)
    .from(messages)
    .leftJoin(loms, eq(loms.id, messages.lomId))
    .leftJoin(sources, eq(sources.id, messages.sourceId))
    .leftJoin(lomSources, eq(lomSources.id, messages.lomSourceId))
    .leftJoin(themes, eq(themes.id, messages.themeId))
    .leftJoin(infoReasons, eq(infoReasons.id, messages.infoReasonId));
}

function prepareRowsByIds(db: Db) {
  return listSelect(db)
    .where(sql`${messages.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('message_rows_by_ids');
}
type RowsByIds = ReturnType<typeof prepareRowsByIds>;
export type MessageListRow = Awaited<ReturnType<RowsByIds['execute']>>[number];

/**
 * A prepared statement per database: planning the five joins and three subqueries
 * took longer (6–10 ms) than running them (1 ms); a prepared statement is planned once
 * per connection.
 */
const rowsByIdsStatements = new WeakMap<Db, RowsByIds>();

/** The rows of a page by primary key, in the order of `ids`. */
export async function messageRowsByIds(db: Db, ids: number[]): Promise<MessageListRow[]> {
  if (ids.length === 0) return [];
  let statement = rowsByIdsStatements.get(db);
  if (!statement) {
    statement = prepareRowsByIds(db);
    rowsByIdsStatements.set(db, statement);
  }
  const rows = await statement.execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function messageRowById(db: Db, id: number): Promise<MessageListRow | null> {
  const [row] = await messageRowsByIds(db, [id]);
  return row ?? null;
}
