import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { TargetRow } from './target.ts';

// The `new` alerts' flush (docs/alerts.md "Engine"): an alert with waiting matches whose interval has passed since
// it last fired is locked, its matches taken (deleted) and listed, in the transaction that writes the event.

const dueCondition = (now: Date) =>
  sql`a.kind = 'new' and not a.muted
      and (a.last_fired_at is null
           or a.last_fired_at <= ${now.toISOString()}::timestamptz - make_interval(mins => coalesce(a.interval_minutes, 15)))`;

/** Alerts with matches whose interval has passed. */
export async function dueNewAlerts(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select a.id from alerts a
         where ${dueCondition(now)} and exists (select 1 from alert_matches m where m.alert_id = a.id)
         order by a.id limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

export interface FlushAlertRow extends TargetRow {
  id: number;
  name: string;
  interval_minutes: number | null;
  last_fired_at: Date | null;
}

/** The alert locked for its flush when it is still due and no other engine holds it; else null. */
export async function lockNewAlert(tx: Db, id: number, now: Date): Promise<FlushAlertRow | null> {
  const [row] = await queryRows<FlushAlertRow>(
    tx,
    sql`select a.id, a.name, a.interval_minutes, a.last_fired_at, a.user_id, a.query, a.filters, a.theme_id,
               a.personal_theme_id, pt.filters as personal_filters, pt.user_id as personal_user_id, a.lom_group_id
          from alerts a left join personal_themes pt on pt.id = a.personal_theme_id
         where a.id = ${id} and ${dueCondition(now)}
         for update of a skip locked`,
  );
  return row ?? null;
}

export interface TakenMatches {
  total: number;
  /** The first `listed` messages by wrote_at. */
  listedIds: number[];
  /** The earliest match. */
  since: Date | null;
  loms: { id: number; name: string; count: number }[];
}

/**
 * Deletes the alert's matches and answers them: the total (trash left out), the first `listed` by wrote_at and the
 * loms with the most of them. Matches inserted by a batch that commits meanwhile stay for the next notification.
 */
export async function takeMatches(tx: Db, alertId: number, listed: number): Promise<TakenMatches> {
  const [row] = await queryRows<{
    total: number;
    listed_ids: number[] | null;
    since: Date | null;
    loms: { id: number; name: string; count: number }[] | null;
  }>(
    tx,
    sql`with gone as (
          delete from alert_matches where alert_id = ${alertId} returning message_ids, created_at
        ),
        ids as (
          select distinct on (message_id) message_id, created_at
            from gone, unnest(message_ids) as message_id order by message_id, created_at
        ),
        live as (
          select m.id, m.wrote_at, m.lom_id, coalesce(l.name, m.lom_name) as lom_name, g.created_at
            from ids g join messages m on m.id = g.message_id left join loms l on l.id = m.lom_id
           where not m.trash
        )
        select (select count(*) from live)::int as total,
               (select array_agg(id order by wrote_at, id) from
                  (select id, wrote_at from live order by wrote_at, id limit ${listed}) f) as listed_ids,
               (select min(created_at) from live) as since,
               (select jsonb_agg(jsonb_build_object('id', lom_id, 'name', lom_name, 'count', n) order by n desc, lom_id)
                  from (select lom_id, max(lom_name) as lom_name, count(*)::int as n from live
                         where lom_id is not null group by lom_id order by n desc, lom_id limit 5) t) as loms`,
  );
  return {
    total: Number(row?.total ?? 0),
    listedIds: (row?.listed_ids ?? []).map(Number),
    since: row?.since ? new Date(row.since) : null,
    loms: (row?.loms ?? []).map((l) => ({ id: Number(l.id), name: l.name ?? '', count: Number(l.count) })),
  };
}

/** Drops an alert's waiting matches (its owner may no longer read them). */
export async function dropMatches(tx: Db, alertId: number): Promise<void> {
  await tx.execute(sql`delete from alert_matches where alert_id = ${alertId}`);
}
