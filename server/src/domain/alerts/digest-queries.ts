import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';
import type { TargetRow } from './target.ts';

// Scheduled digests (docs/alerts.md "Digests"): a due digest gets one run per scheduled moment (unique), and the
// runs leave under a lease like the deliveries.

export interface DueDigestRow {
  id: number;
  period: string;
  weekday: number | null;
  time: string;
  next_run_at: Date | null;
}

/** Unmuted digests whose next send has come (or was never scheduled), locked: other engines skip them. */
export async function lockDueDigests(tx: Db, now: Date, limit: number): Promise<DueDigestRow[]> {
  const rows = await queryRows<DueDigestRow>(
    tx,
    sql`select id, period, weekday, time, next_run_at from digests
         where not muted and (next_run_at is null or next_run_at <= ${now.toISOString()}::timestamptz)
         order by next_run_at nulls first, id limit ${limit}
         for update skip locked`,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    next_run_at: row.next_run_at && new Date(row.next_run_at),
  }));
}

/** The run of a scheduled moment; nothing when it exists already. Answers whether it was inserted. */
export async function insertDigestRun(
  tx: Db,
  digestId: number,
  scheduledFor: Date,
  period: { start: Date; end: Date },
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into digest_runs (digest_id, scheduled_for, period_start, period_end, next_attempt_at, created_at)
        values (${digestId}, ${scheduledFor.toISOString()}, ${period.start.toISOString()},
          ${period.end.toISOString()}, ${now.toISOString()}, ${now.toISOString()})
        on conflict (digest_id, scheduled_for) do nothing
        returning id`,
  );
  return rows.length > 0;
}

export async function setNextDigestRun(tx: Db, id: number, next: Date): Promise<void> {
  await tx.execute(sql`update digests set next_run_at = ${next.toISOString()} where id = ${id}`);
}

/** Claims pending runs whose attempt is due and whose lease (if any) has passed; answers their ids. */
export async function claimDigestRuns(db: Db, now: Date, leaseMs: number, limit: number): Promise<number[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update digest_runs r
           set lease_until = ${at}::timestamptz + make_interval(secs => ${leaseMs / 1000}), attempts = r.attempts + 1
         where r.id in (
           select id from digest_runs
            where status = 'pending' and next_attempt_at <= ${at}::timestamptz
              and (lease_until is null or lease_until < ${at}::timestamptz)
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning r.id`,
  );
  return rows.map((row) => Number(row.id));
}

export interface DigestRunJob extends TargetRow {
  id: number;
  attempts: number;
  scheduled_for: Date;
  period_start: Date;
  period_end: Date;
  digest_id: number;
  name: string;
  period: string;
  format: string;
  recipients: string[];
}

export async function loadDigestRunJobs(db: Db, ids: readonly number[]): Promise<DigestRunJob[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<DigestRunJob>(
    db,
    sql`select r.id, r.attempts, r.scheduled_for, r.period_start, r.period_end, d.id as digest_id, d.name, d.period,
               d.format, d.recipients, d.user_id, d.query, d.filters, d.theme_id, d.personal_theme_id,
               pt.filters as personal_filters, pt.user_id as personal_user_id, d.lom_group_id
          from digest_runs r
          join digests d on d.id = r.digest_id
          left join personal_themes pt on pt.id = d.personal_theme_id
         where r.id = any(${pgArray(ids)}::int[])
         order by r.id`,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    attempts: Number(row.attempts),
    digest_id: Number(row.digest_id),
    scheduled_for: new Date(row.scheduled_for),
    period_start: new Date(row.period_start),
    period_end: new Date(row.period_end),
  }));
}

export async function recordDigestSent(
  db: Db,
  runId: number,
  messageCount: number,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`update digest_runs set status = 'sent', sent_at = ${now.toISOString()}, lease_until = null, error = null,
          message_count = ${messageCount}
        where id = ${runId}`,
  );
}

/** A failed attempt: tried again at `retryAt`, or given up ('failed') when it is null. */
export async function recordDigestFailure(
  db: Db,
  runId: number,
  error: string,
  retryAt: Date | null,
  messageCount: number | null,
): Promise<void> {
  await db.execute(
    sql`update digest_runs set error = ${error}, lease_until = null,
          status = ${retryAt ? 'pending' : 'failed'},
          next_attempt_at = coalesce(${retryAt ? retryAt.toISOString() : null}::timestamptz, next_attempt_at),
          message_count = coalesce(${messageCount}::int, message_count)
        where id = ${runId} and status = 'pending'`,
  );
}
