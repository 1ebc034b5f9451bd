import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { pgArray } from '../../domain/pg-array.ts';

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

export interface ConversationFilter {
  from?: Date;
  to?: Date;
  search?: string;
  channelIds?: readonly number[];
  sourceIds?: readonly number[];
}

function where(filter: ConversationFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.from) parts.push(sql`c.wrote_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`c.wrote_at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.search) parts.push(sql`c.name ilike ${likePattern(filter.search)}`);
  if (filter.channelIds?.length) parts.push(sql`c.channel_id = any(${pgArray(filter.channelIds)}::int[])`);
  if (filter.sourceIds?.length) {
    parts.push(
      sql`c.channel_id in (select id from channels where source_id = any(${pgArray(filter.sourceIds)}::int[]))`,
    );
  }
  return sql.join(parts, sql` and `);
}

const ORDER_BY: Record<string, SQL> = {
  '-wrote_at': sql`c.wrote_at desc, c.id desc`,
  wrote_at: sql`c.wrote_at, c.id`,
  '-si': sql`c.si desc, c.id desc`,
  '-number_views': sql`c.number_views desc, c.id desc`,
};

export interface ConversationRow {
  id: number;
  name: string;
  wrote_at: string;
  channel_id: number | null;
  channel_name: string | null;
  channel_icon: string | null;
  si: number;
  number_views: number;
  json: unknown;
}

const COLUMNS = sql`c.id, c.name, to_char(c.wrote_at at time zone 'UTC', ${ISO_UTC}) as wrote_at,
  c.channel_id, ch.name as channel_name, ch.icon as channel_icon,
  c.si::float8 as si, c.number_views::float8 as number_views`;

export async function countConversations(db: Db, filter: ConversationFilter): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from conversations c where ${where(filter)}`,
  );
  return rows[0]?.n ?? 0;
}

export async function conversationPage(
  db: Db,
  filter: ConversationFilter,
  ordering: string,
  limit: number,
  offset: number,
): Promise<ConversationRow[]> {
  return queryRows<ConversationRow>(
    db,
    sql`select ${COLUMNS}, null as json from conversations c left join channels ch on ch.id = c.channel_id
         where ${where(filter)}
         order by ${ORDER_BY[ordering] ?? ORDER_BY['-wrote_at']} limit ${limit} offset ${offset}`,
  );
}

export async function conversationById(db: Db, id: number): Promise<ConversationRow | null> {
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select ${COLUMNS}, c.json from conversations c left join channels ch on ch.id = c.channel_id
         where c.id = ${id}`,
  );
  return rows[0] ?? null;
}

export interface ResultRow {
  id: number;
  lom_id: number | null;
  lom_name: string | null;
  lom_avatar: string | null;
  text: string;
  audio: string | null;
  video: string | null;
  message_id: number | null;
}

/** The transcript in order (conversation_results_conversation_idx). */
export async function conversationResults(db: Db, id: number): Promise<ResultRow[]> {
  return queryRows<ResultRow>(
    db,
    sql`select r.id, r.lom_id, l.name as lom_name, l.avatar as lom_avatar, r.text, r.audio, r.video, r.message_id
          from conversation_results r left join loms l on l.id = r.lom_id
         where r.conversation_id = ${id}
         order by r.position, r.id`,
  );
}

export async function conversationThemes(db: Db, id: number): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select t.id, t.name from conversation_themes ct join themes t on t.id = ct.theme_id
         where ct.conversation_id = ${id} order by t.name, t.id`,
  );
}
