import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';
import { pgTextArray } from './arrays.ts';
import type { TargetRow } from './target.ts';

// The hourly counts of the spike and negative alerts (docs/alerts.md "Engine"): the backfill of the last 15 days,
// the sums of a window and its baseline for every due alert in one statement, and, only when an alert fires, the
// messages and loms of its window.

/** An hour of wrote_at, whole, in UTC, whatever the session's time zone. */
const HOUR_OF = (column: SQL) => sql`to_timestamp(floor(extract(epoch from ${column}) / 3600) * 3600)`;

/** Runs `run` with a statement timeout inside a savepoint; the timeout ends with it. */
export async function withStatementTimeout<T>(tx: Db, ms: number, run: (tx: Db) => Promise<T>): Promise<T> {
  const [prior] = await queryRows<{ value: string }>(
    tx,
    sql`select current_setting('statement_timeout') as value`,
  );
  try {
    return await tx.transaction(async (sp) => {
      await sp.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
      return run(sp);
    });
  } finally {
    await tx.execute(sql`select set_config('statement_timeout', ${prior?.value ?? '0'}, true)`);
  }
}

/** PostgreSQL's query_canceled, which a statement timeout raises. */
export function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '57014') return true;
  return false;
}

export interface CountingAlertRow extends TargetRow {
  id: number;
  name: string;
  kind: string;
  window: string | null;
  metric: string | null;
  sensitivity: string | null;
  threshold: number | null;
  counted_since: Date | null;
  last_evaluated_at: Date | null;
}

const countingColumns = sql`a.id, a.name, a.kind, a.window, a.metric, a.sensitivity, a.threshold, a.counted_since,
  a.last_evaluated_at, a.user_id, a.query, a.filters, a.theme_id, a.personal_theme_id,
  pt.filters as personal_filters, pt.user_id as personal_user_id, a.lom_group_id`;

/** Spike and negative alerts without counts yet (created, or their target changed). */
export async function backfillCandidates(db: Db, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from alerts where kind in ('spike', 'negative') and not muted and counted_since is null
         order by id limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** The alert locked for its backfill when it still needs one and no other engine holds it. */
export async function lockBackfill(tx: Db, id: number): Promise<CountingAlertRow | null> {
  const [row] = await queryRows<CountingAlertRow>(
    tx,
    sql`select ${countingColumns} from alerts a left join personal_themes pt on pt.id = a.personal_theme_id
         where a.id = ${id} and a.kind in ('spike', 'negative') and not a.muted and a.counted_since is null
         for update of a skip locked`,
  );
  return row ?? null;
}

/**
 * The alert's hourly counts from `from` on, from the messages in one statement, and counted_since = the start of
 * this transaction: the backfill counts the messages created before it, the inbox passes those created from it on.
 */
export async function backfillCounts(tx: Db, alertId: number, condition: SQL, from: Date): Promise<number> {
  await tx.execute(sql`delete from alert_hour_counts where alert_id = ${alertId}`);
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with filled as (
          insert into alert_hour_counts (alert_id, hour, messages, si, views, negative)
          select ${alertId}, ${HOUR_OF(sql`messages.wrote_at`)}, count(*), round(sum(messages.si))::bigint,
                 sum(messages.number_views)::bigint,
                 count(*) filter (where coalesce(messages.mood, messages.mood_ai) in (2, 5))
            from messages
           where messages.wrote_at >= ${from.toISOString()}::timestamptz and messages.created_at < now()
             and ${condition}
           group by 2
          returning messages
        )
        select coalesce(sum(messages), 0)::int as n from filled`,
  );
  await tx.execute(sql`update alerts set counted_since = now() where id = ${alertId}`);
  return Number(rows[0]?.n ?? 0);
}

/** Hour counts older than any window reads. */
export async function pruneCounts(db: Db, before: Date): Promise<void> {
  await db.execute(sql`delete from alert_hour_counts where hour < ${before.toISOString()}::timestamptz`);
}

/** When the data begins: the earliest message (a baseline day before it has no data, not zero). */
export async function dataStart(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ first: Date | null }>(db, sql`select min(wrote_at) as first from messages`);
  return row?.first ? new Date(row.first) : null;
}

/** Due spike and negative alerts with counts, locked for this evaluation (others skip them). */
export async function lockDueAlerts(tx: Db, now: Date, limit: number): Promise<CountingAlertRow[]> {
  return queryRows<CountingAlertRow>(
    tx,
    sql`select ${countingColumns} from alerts a left join personal_themes pt on pt.id = a.personal_theme_id
         where a.kind in ('spike', 'negative') and not a.muted and a.counted_since is not null
           and a.next_check_at <= ${now.toISOString()}::timestamptz
         order by a.next_check_at, a.id limit ${limit}
         for update of a skip locked`,
  );
}

/** An interval of a window kind: `idx` numbers it for the evaluation. */
export interface SumInterval {
  window: string;
  idx: number;
  start: Date;
  end: Date;
}

export interface SumRow {
  alert_id: number;
  idx: number;
  messages: number;
  si: number;
  views: number;
  negative: number;
}

/** The sums of every interval of each alert's window kind, for all the alerts in one statement. */
export async function intervalSums(
  db: Db,
  alerts: readonly { id: number; window: string }[],
  intervals: readonly SumInterval[],
): Promise<SumRow[]> {
  if (alerts.length === 0) return [];
  const rows = await queryRows<SumRow>(
    db,
    // A lateral sum per (alert, interval): its bounds are the primary key's range, so each is one short index scan
    // (as a plain join the planner filtered every row of the alert against every interval: 12× slower at 1,000).
    sql`select a.id as alert_id, b.idx, s.messages, s.si, s.views, s.negative
          from unnest(${pgArray(alerts.map((a) => a.id))}::int[],
                      ${pgTextArray(alerts.map((a) => a.window))}::text[]) a(id, win)
          join unnest(${pgTextArray(intervals.map((i) => i.window))}::text[],
                      ${pgArray(intervals.map((i) => i.idx))}::int[],
                      ${pgTextArray(intervals.map((i) => i.start.toISOString()))}::timestamptz[],
                      ${pgTextArray(intervals.map((i) => i.end.toISOString()))}::timestamptz[]) b(win, idx, s, e)
            on b.win = a.win
          cross join lateral (
            select sum(c.messages)::float8 as messages, sum(c.si)::float8 as si, sum(c.views)::float8 as views,
                   sum(c.negative)::float8 as negative
              from alert_hour_counts c where c.alert_id = a.id and c.hour >= b.s and c.hour < b.e) s
         where s.messages is not null`,
  );
  return rows.map((row) => ({
    alert_id: Number(row.alert_id),
    idx: Number(row.idx),
    messages: Number(row.messages),
    si: Number(row.si),
    views: Number(row.views),
    negative: Number(row.negative),
  }));
}

export interface LomIntervalRow {
  lom_id: number;
  name: string;
  idx: number;
  messages: number;
  si: number;
  views: number;
  negative: number;
}

/** The target's messages per lom and interval (the window and its baseline): what drives a firing alert. */
export async function lomBreakdown(
  db: Db,
  condition: SQL,
  intervals: readonly { idx: number; start: Date; end: Date }[],
): Promise<LomIntervalRow[]> {
  const rows = await queryRows<LomIntervalRow>(
    db,
    sql`select messages.lom_id, coalesce(max(l.name), max(messages.lom_name), '') as name, b.idx,
               count(*)::float8 as messages, sum(messages.si)::float8 as si,
               sum(messages.number_views)::float8 as views,
               (count(*) filter (where coalesce(messages.mood, messages.mood_ai) in (2, 5)))::float8 as negative
          from unnest(${pgArray(intervals.map((i) => i.idx))}::int[],
                      ${pgTextArray(intervals.map((i) => i.start.toISOString()))}::timestamptz[],
                      ${pgTextArray(intervals.map((i) => i.end.toISOString()))}::timestamptz[]) b(idx, s, e)
          join messages on messages.wrote_at >= b.s and messages.wrote_at < b.e
          left join loms l on l.id = messages.lom_id
         where messages.lom_id is not null and ${condition}
         group by messages.lom_id, b.idx`,
  );
  return rows.map((row) => ({
    lom_id: Number(row.lom_id),
    name: row.name,
    idx: Number(row.idx),
    messages: Number(row.messages),
    si: Number(row.si),
    views: Number(row.views),
    negative: Number(row.negative),
  }));
}

/** The window's top messages of the target by SI (or views), only negative ones when asked. */
export async function topWindowMessages(
  db: Db,
  condition: SQL,
  window: { start: Date; end: Date },
  order: 'si' | 'views',
  negativeOnly: boolean,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select messages.id from messages
         where messages.wrote_at >= ${window.start.toISOString()}::timestamptz
           and messages.wrote_at < ${window.end.toISOString()}::timestamptz
           and ${condition}
           ${negativeOnly ? sql`and coalesce(messages.mood, messages.mood_ai) in (2, 5)` : sql``}
         order by ${order === 'views' ? sql`messages.number_views` : sql`messages.si`} desc, messages.id
         limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

export interface EvaluationUpdate {
  id: number;
  result: string;
  nextCheckAt: Date;
}

/** Records every evaluated alert's result and next check in one statement. */
export async function recordEvaluations(
  tx: Db,
  updates: readonly EvaluationUpdate[],
  now: Date,
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(
    sql`update alerts a set last_evaluated_at = ${now.toISOString()}::timestamptz, last_result = u.result,
          next_check_at = u.next
          from unnest(${pgArray(updates.map((u) => u.id))}::int[],
                      ${pgTextArray(updates.map((u) => u.result))}::text[],
                      ${pgTextArray(updates.map((u) => u.nextCheckAt.toISOString()))}::timestamptz[]) u(id, result, next)
         where a.id = u.id`,
  );
}
