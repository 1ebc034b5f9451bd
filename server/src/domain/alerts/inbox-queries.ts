import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { pgArray } from '../pg-array.ts';
import { pgTextArray } from './arrays.ts';
import type { TargetRow } from './target.ts';
import type { TargetValues } from './target-queries.ts';

// The alert inbox (docs/alerts.md "Engine"): every ingested batch and every created message leave one row with the
// new messages' ids in their own transaction; the engine matches the batch's own rows against all unmuted alerts in
// a few set-based statements and deletes the row, in one transaction.

/** Namespace of the advisory locks of the engine: the inbox passes (shared) against a backfill (exclusive). */
export const ENGINE_LOCK = 73_030;
const COUNTS_LOCK = 1;

/** Queues new messages for the alerts: call inside the transaction that inserts them. */
export async function queueForAlerts(db: Db, messageIds: readonly number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db.execute(sql`insert into alert_inbox (message_ids) values (${pgArray(messageIds)}::int[])`);
}

/**
 * Wakes every alert engine on the database at once (NOTIFY alert_inbox, heard at commit), e.g. after a digest's
 * «Отправить сейчас» run was inserted, instead of waiting for the next tick.
 */
export async function wakeAlertEngine(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify('alert_inbox', '')`);
}

/**
 * The inbox passes take the counts lock shared, a backfill takes it exclusive: a pass never runs across a backfill,
 * so a batch is counted either by the backfill or by a pass that sees the alert's new counted_since.
 */
export async function lockCountsShared(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${ENGINE_LOCK}, ${COUNTS_LOCK})`);
}

export async function lockCountsExclusive(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ENGINE_LOCK}, ${COUNTS_LOCK})`);
}

export interface InboxRow {
  id: number;
  message_ids: number[];
}

/** The oldest inbox rows no other engine holds, locked until the transaction ends. */
export async function takeInbox(tx: Db, limit: number): Promise<InboxRow[]> {
  const rows = await queryRows<InboxRow>(
    tx,
    sql`select id, message_ids from alert_inbox order by id limit ${limit} for update skip locked`,
  );
  return rows.map((row) => ({ id: Number(row.id), message_ids: row.message_ids.map(Number) }));
}

export async function deleteInbox(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from alert_inbox where id = any(${pgArray(ids)}::int[])`);
}

export interface MatchingAlertRow extends TargetRow {
  id: number;
  kind: string;
  counted_since: Date | null;
  last_result: string | null;
}

const targetColumns = sql`a.user_id, a.query, a.filters, a.theme_id, a.personal_theme_id,
  pt.filters as personal_filters, pt.user_id as personal_user_id, a.lom_group_id`;

/** Every unmuted alert with its target, as the inbox pass matches them. */
export async function matchingAlerts(tx: Db): Promise<MatchingAlertRow[]> {
  return queryRows<MatchingAlertRow>(
    tx,
    sql`select a.id, a.kind, a.counted_since, a.last_result, ${targetColumns}
          from alerts a left join personal_themes pt on pt.id = a.personal_theme_id
         where not a.muted order by a.id`,
  );
}

/**
 * The columns of `messages` that no alert condition reads (the texts are searched through search_vector), left out
 * of the staged batch: a narrower table, whose pages every condition's recheck reads (at 1M, 1,000 alerts against
 * 5,000 messages: the matching 350 → 255 ms).
 */
const UNSTAGED = new Set([
  'text',
  'extra_source_text',
  'extra_ocr_text',
  'screenshots',
  'media',
  'duplicates',
  'sentiment',
]);
const STAGED = sql.raw(
  Object.values(getTableColumns(messages))
    .map((column) => column.name)
    .filter((name) => !UNSTAGED.has(name))
    .map((name) => `"${name}"`)
    .join(', '),
);

/**
 * The batch's own rows (less the texts, UNSTAGED) in a temporary table of this transaction, with a GIN index of
 * their search vectors and btree indexes of their lom and theme: each alert's condition is then an index probe of
 * 5,000 rows instead of a test of every row (6× faster at 1,000 alerts than a materialized CTE). Dropped at commit.
 */
export async function stageBatch(tx: Db, messageIds: readonly number[]): Promise<void> {
  await tx.execute(
    sql`create temporary table alert_batch on commit drop as
          select ${STAGED} from messages where id = any(${pgArray(messageIds)}::int[]) and not trash`,
  );
  await tx.execute(sql`create index on alert_batch using gin (search_vector)`);
  await tx.execute(sql`create index on alert_batch (lom_id)`);
  await tx.execute(sql`create index on alert_batch (theme_id)`);
}

/** One alert's part of a matching statement. */
export interface MatchPart {
  alertId: number;
  /** `new`: the matches wait for the alert's notification. */
  lists: boolean;
  /** spike and negative with counted_since set: the hourly counts of messages created from `since` on. */
  since: Date | null;
  condition: SQL;
}

/** What a part's branch or row gives for each message it matches. */
const MATCHED_COLUMNS = sql`messages.id, messages.wrote_at, messages.si, messages.number_views, messages.created_at,
  coalesce(messages.mood, messages.mood_ai) as mood`;

/**
 * Records the matched rows (alert_id, since and MATCHED_COLUMNS) of alerts that all list or all count: `new`
 * alerts get a row of alert_matches with the batch's ids, counting ones their hourly counts (+messages, +SI, +views,
 * +negative by the hour of wrote_at). One kind a statement, so the matched rows stream into their insert instead of
 * being kept for two readers (at 1M, 115,000 rows a batch from the bench's broad alerts, over the default
 * work_mem). Answers the rows written.
 */
async function recordMatches(
  tx: Db,
  matched: SQL,
  lists: boolean,
): Promise<{ listed: number; counted: number }> {
  if (lists) {
    const [row] = await queryRows<{ listed: number }>(
      tx,
      sql`with listed as (
            insert into alert_matches (alert_id, message_ids)
            select alert_id, array_agg(id) from (${matched}) m group by alert_id order by alert_id
            returning cardinality(message_ids) as n
          )
          select coalesce(sum(n), 0)::int as listed from listed`,
    );
    return { listed: Number(row?.listed ?? 0), counted: 0 };
  }
  const [row] = await queryRows<{ counted: number }>(
    tx,
    sql`with counted as (
          insert into alert_hour_counts as c (alert_id, hour, messages, si, views, negative)
          select alert_id, to_timestamp(floor(extract(epoch from wrote_at) / 3600) * 3600),
                 count(*), round(sum(si))::bigint, sum(number_views)::bigint,
                 count(*) filter (where mood in (2, 5))
            from (${matched}) m where created_at >= since
           group by 1, 2 order by 1, 2
          on conflict (alert_id, hour) do update set
            messages = c.messages + excluded.messages, si = c.si + excluded.si,
            views = c.views + excluded.views, negative = c.negative + excluded.negative
          returning 1
        )
        select count(*)::int as counted from counted`,
  );
  return { listed: 0, counted: Number(row?.counted ?? 0) };
}

/** The parts of a statement all list (`new`) or all count: recordMatches writes one kind. */
function listingOf(parts: readonly { lists: boolean }[]): boolean {
  const lists = parts[0]?.lists ?? true;
  if (parts.some((part) => part.lists !== lists))
    throw new Error('A matching statement mixes listing and counting alerts');
  return lists;
}

/**
 * Matches the staged batch (stageBatch: the batch's own rows, never the table) against the given alerts in one
 * statement, the batch aliased `messages`, one branch per alert under UNION ALL (recordMatches).
 */
export async function matchBatch(
  tx: Db,
  parts: readonly MatchPart[],
): Promise<{ listed: number; counted: number }> {
  if (parts.length === 0) return { listed: 0, counted: 0 };
  const branches = parts.map(
    (part) => sql`select ${part.alertId}::int as alert_id,
        ${part.since ? part.since.toISOString() : null}::timestamptz as since, ${MATCHED_COLUMNS}
      from alert_batch messages where ${part.condition}`,
  );
  return recordMatches(tx, sql.join(branches, sql` union all `), listingOf(parts));
}

/** The text of each tsquery, computed by the database (in order). */
export async function tsqueryTexts(tx: Db, tsqueries: readonly SQL[]): Promise<string[]> {
  const rows = await queryRows<{ q: string }>(
    tx,
    sql`select q::text as q from (values ${sql.join(
      tsqueries.map((q, i) => sql`(${i}::int, ${q})`),
      sql`, `,
    )}) v(i, q) order by i`,
  );
  return rows.map((row) => row.q);
}

/** A tsquery given as its text (tsqueryTexts): the same query, with nothing left to compute. */
export function tsqueryConstant(text: string): SQL {
  return sql`${text}::tsquery`;
}

/** One alert's part of a matching statement as values (TargetValues). */
export interface ValuesPart extends Omit<MatchPart, 'condition'> {
  values: TargetValues;
}

/** Alerts of one shape match in one statement: the columns of their lists and of their flags, in order. */
export function valuesShape(values: TargetValues): string {
  return [...values.lists.map((l) => l.column.name), '|', ...values.flags.map((f) => f.column.name)].join(
    ',',
  );
}

/**
 * Matches the staged batch against alerts of one shape (valuesShape) in one statement: the alerts are rows of
 * values joined to the batch by the shape's conditions, so the statement is planned once and each alert costs an
 * index probe, where a branch of its own is also parsed and planned (at 1,000 alerts, most of the matching's
 * time). The sequential scan is priced out for this statement: with few rows the planner would otherwise test
 * every alert against every staged message.
 */
export async function matchValues(
  tx: Db,
  parts: readonly ValuesPart[],
): Promise<{ listed: number; counted: number }> {
  const [first] = parts;
  if (!first) return { listed: 0, counted: 0 };
  const { lists, flags } = first.values;
  const names = [
    'alert_id',
    'since',
    'q',
    ...lists.map((_, i) => `l${i}`),
    ...flags.map((_, i) => `f${i}`),
  ].join(', ');
  const rows = parts.map((part) => {
    const cells = [
      sql`${part.alertId}::int`,
      sql`${part.since ? part.since.toISOString() : null}::timestamptz`,
      part.values.tsquery,
      ...part.values.lists.map((list) => sql`${pgArray(list.ids)}::int[]`),
      ...part.values.flags.map((flag) => sql`${flag.value}::boolean`),
    ];
    return sql`(${sql.join(cells, sql`, `)})`;
  });
  const conditions = [
    sql`${messages.searchVector} @@ a.q`,
    ...lists.map((list, i) => sql`${list.column} = any(a.${sql.raw(`l${i}`)})`),
    ...flags.map((flag, i) => sql`${flag.column} = a.${sql.raw(`f${i}`)}`),
  ];
  const [{ previous }] = await queryRows<{ previous: string }>(
    tx,
    sql`select current_setting('enable_seqscan') as previous, set_config('enable_seqscan', 'off', true)`,
  );
  const result = await recordMatches(
    tx,
    sql`select a.alert_id, a.since, ${MATCHED_COLUMNS}
          from (values ${sql.join(rows, sql`, `)}) a(${sql.raw(names)})
          join alert_batch messages on ${sql.join(conditions, sql` and `)}`,
    listingOf(parts),
  );
  await tx.execute(sql`select set_config('enable_seqscan', ${previous}, true)`);
  return result;
}

/** Sets the alerts' last_result where it differs (a skipped alert says why, once, not on every batch). */
export async function setLastResults(
  db: Db,
  results: readonly { id: number; result: string }[],
  now?: Date,
): Promise<void> {
  if (results.length === 0) return;
  const ids = pgArray(results.map((r) => r.id));
  const texts = pgTextArray(results.map((r) => r.result));
  await db.execute(
    sql`update alerts a set last_result = r.result,
          last_evaluated_at = coalesce(${now ? now.toISOString() : null}::timestamptz, a.last_evaluated_at)
          from unnest(${ids}::int[], ${texts}::text[]) r(id, result)
         where a.id = r.id and a.last_result is distinct from r.result`,
  );
}
