import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { pgArray } from '../../domain/pg-array.ts';

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', '${ISO_UTC}')`);
/** A message counted by lists and reports: not trash, archived or delayed (as news_statistics). */
const LIVE = sql.raw('not m.trash and not m.archived and not m.delayed');

/** Instants bounding a period: from inclusive, to exclusive. */
export interface Bounds {
  from?: Date;
  to?: Date;
  search?: string;
}

function storyWhere(bounds: Bounds): SQL {
  const parts: SQL[] = [sql`true`];
  if (bounds.from) parts.push(sql`n.wrote_at >= ${bounds.from.toISOString()}::timestamptz`);
  if (bounds.to) parts.push(sql`n.wrote_at < ${bounds.to.toISOString()}::timestamptz`);
  if (bounds.search) parts.push(sql`n.title ilike ${likePattern(bounds.search)}`);
  return sql.join(parts, sql` and `);
}

export interface StoryRow {
  id: number;
  title: string;
  url: string | null;
  source_name: string | null;
  wrote_at: string;
}

const STORY_COLUMNS = sql`n.id, n.title, n.url, n.source_name, ${iso('n.wrote_at')} as wrote_at`;

export async function countStories(db: Db, bounds: Bounds): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from news n where ${storyWhere(bounds)}`,
  );
  return rows[0]?.n ?? 0;
}

/** A page of stories, newest first (news_wrote_at_idx). */
export async function storyPage(db: Db, bounds: Bounds, limit: number, offset: number): Promise<StoryRow[]> {
  return queryRows<StoryRow>(
    db,
    sql`select ${STORY_COLUMNS} from news n where ${storyWhere(bounds)}
         order by n.wrote_at desc, n.id desc limit ${limit} offset ${offset}`,
  );
}

/** Stories by id (the pick list's `id_in`). */
export async function storiesByIds(db: Db, ids: readonly number[], bounds: Bounds): Promise<StoryRow[]> {
  return queryRows<StoryRow>(
    db,
    sql`select ${STORY_COLUMNS} from news n
         where n.id = any(${pgArray(ids)}::int[]) and ${storyWhere(bounds)}
         order by n.wrote_at desc, n.id desc`,
  );
}

export interface StatisticRow extends StoryRow {
  text: string;
  total_si: number;
  total_views: number;
  message_count: number;
  mood_table: unknown;
}

const ORDER_BY: Record<string, SQL> = {
  '-wrote_at': sql`n.wrote_at desc, n.id desc`,
  wrote_at: sql`n.wrote_at, n.id`,
  '-total_si': sql`coalesce(s.total_si, 0) desc, n.wrote_at desc, n.id desc`,
  '-total_views': sql`coalesce(s.total_views, 0) desc, n.wrote_at desc, n.id desc`,
  '-message_count': sql`coalesce(s.message_count, 0) desc, n.wrote_at desc, n.id desc`,
};

/**
 * A page of the period's stories with their stored statistic (news_statistics, one row per
 * story, kept by the writes of messages): the cost follows the period's stories, not messages.
 */
export async function statisticPage(
  db: Db,
  bounds: Bounds,
  ordering: string,
  limit: number,
  offset: number,
): Promise<StatisticRow[]> {
  return queryRows<StatisticRow>(
    db,
    sql`select ${STORY_COLUMNS}, n.text,
               coalesce(s.total_si, 0)::float8 as total_si, coalesce(s.total_views, 0)::float8 as total_views,
               coalesce(s.message_count, 0)::int as message_count, coalesce(s.mood_table, '{}'::jsonb) as mood_table
          from news n left join news_statistics s on s.news_id = n.id
         where ${storyWhere(bounds)}
         order by ${ORDER_BY[ordering] ?? ORDER_BY['-total_si']} limit ${limit} offset ${offset}`,
  );
}

export interface DetailRow extends StatisticRow {
  updated_at: string;
  cached_at: string | null;
}

export async function storyDetail(db: Db, id: number): Promise<DetailRow | null> {
  const rows = await queryRows<DetailRow>(
    db,
    sql`select ${STORY_COLUMNS}, n.text, ${iso('n.updated_at')} as updated_at,
               case when n.cached_at is null then null else ${iso('n.cached_at')} end as cached_at,
               coalesce(s.total_si, 0)::float8 as total_si, coalesce(s.total_views, 0)::float8 as total_views,
               coalesce(s.message_count, 0)::int as message_count, coalesce(s.mood_table, '{}'::jsonb) as mood_table
          from news n left join news_statistics s on s.news_id = n.id
         where n.id = ${id}`,
  );
  return rows[0] ?? null;
}

export async function storyExists(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from news where id = ${id}`);
  return rows.length > 0;
}

/** The live messages of a story: one page of ids, newest first, and their count (messages_news_idx). */
export async function storyMessageIds(
  db: Db,
  newsId: number,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  const [ids, total] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`select m.id from messages m where m.news_id = ${newsId} and ${LIVE}
           order by m.wrote_at desc, m.id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from messages m where m.news_id = ${newsId} and ${LIVE}`,
    ),
  ]);
  return { ids: ids.map((row) => row.id), total: total[0]?.n ?? 0 };
}

export interface NewsMessageDbRow {
  id: number;
  news_id: number;
  news_title: string;
  lom_id: number | null;
  lom_name: string | null;
  wrote_at: string;
  mood: number | null;
  si: number;
  number_views: number;
}

function newsMessageWhere(bounds: Bounds, newsIds: readonly number[] | undefined): SQL {
  const parts: SQL[] = [sql`m.news_id is not null`, LIVE];
  if (newsIds?.length) parts.push(sql`m.news_id = any(${pgArray(newsIds)}::int[])`);
  if (bounds.from) parts.push(sql`m.wrote_at >= ${bounds.from.toISOString()}::timestamptz`);
  if (bounds.to) parts.push(sql`m.wrote_at < ${bounds.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** The plain list: live messages that belong to a story, newest first. */
export async function newsMessagePage(
  db: Db,
  bounds: Bounds,
  newsIds: readonly number[] | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: NewsMessageDbRow[]; total: number }> {
  const where = newsMessageWhere(bounds, newsIds);
  const [rows, total] = await Promise.all([
    queryRows<NewsMessageDbRow>(
      db,
      sql`select m.id, m.news_id, n.title as news_title, m.lom_id, coalesce(m.lom_name, l.name) as lom_name,
                 ${iso('m.wrote_at')} as wrote_at, m.mood, m.si::float8 as si, m.number_views::float8 as number_views
            from messages m join news n on n.id = m.news_id left join loms l on l.id = m.lom_id
           where ${where}
           order by m.wrote_at desc, m.id desc limit ${limit} offset ${offset}`,
    ),
    // Without a period or stories the count would walk every story's messages: their stored counts say the same.
    !newsIds?.length && !bounds.from && !bounds.to
      ? queryRows<{ n: number }>(
          db,
          sql`select coalesce(sum(message_count), 0)::int as n from news_statistics`,
        )
      : queryRows<{ n: number }>(db, sql`select count(*)::int as n from messages m where ${where}`),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
