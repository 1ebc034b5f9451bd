/**
 * The alert bench's fixtures (docs/alerts.md "Engine", "Speed"): its owner, its alerts (named 'bench-alert …', removed
 * before and after a run with everything that hangs on them), and the hourly counts of its spike alerts.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/db/client.ts';
import { pgArray } from '../src/domain/pg-array.ts';

type Db = Database['db'];

export const BENCH_ALERT_PREFIX = 'bench-alert';

/** The owner of the bench's alerts: a user who may read messages (made once). */
export async function benchOwner(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with made as (
          insert into users (username, email, password_hash, role, ui_permissions)
          select 'bench-alerts', 'bench-alerts@example.test', '-', 0, '{view_messages}'
           where not exists (select 1 from users where lower(username) = 'bench-alerts')
          returning id)
        select id from made union all select id from users where lower(username) = 'bench-alerts' limit 1`,
  );
  return Number(row.id);
}

/** An administrator: the ingest's user. */
export async function benchAdmin(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where username = 'admin' union all select min(id) from users limit 1`,
  );
  return Number(row.id);
}

/** Removes the bench's alerts (their matches, counts, events and notifications go with them) and any inbox rows. */
export async function dropBenchAlerts(db: Db): Promise<void> {
  await db.execute(sql`delete from alerts where name like ${`${BENCH_ALERT_PREFIX}%`}`);
  await db.execute(sql`delete from alert_inbox`);
}

export interface BenchAlert {
  kind: 'new' | 'spike';
  query: string | null;
  filters: Record<string, number[]>;
  window?: 'hour' | 'day';
}

/** Inserts the alerts with the app channel; answers their ids. */
export async function insertBenchAlerts(
  db: Db,
  ownerId: number,
  list: readonly BenchAlert[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into alerts (user_id, name, kind, query, filters, interval_minutes, "window", metric, sensitivity,
            next_check_at, counted_since)
          values ${sql.join(
            chunk.map(
              (a, n) =>
                sql`(${ownerId}, ${`${BENCH_ALERT_PREFIX} ${i + n}`}, ${a.kind}, ${a.query},
                  ${JSON.stringify(a.filters)}::jsonb, ${a.kind === 'new' ? 15 : null}, ${a.window ?? null},
                  ${a.kind === 'spike' ? 'messages' : null}, ${a.kind === 'spike' ? 'medium' : null},
                  ${a.kind === 'spike' ? sql`now()` : null}, ${a.kind === 'spike' ? sql`now()` : null})`,
            ),
            sql`, `,
          )}
          returning id`,
    );
    ids.push(...rows.map((r) => Number(r.id)));
  }
  await db.execute(
    sql`insert into alert_channels (alert_id, type) select unnest(${pgArray(ids)}::int[]), 'app'`,
  );
  return ids;
}

/**
 * Quiet hourly counts for the spike alerts over the 16 days before `now` (every hour: 4 to 8 messages), so an
 * evaluation sums real rollup rows and fires nothing.
 */
export async function seedSpikeCounts(db: Db, alertIds: readonly number[], now: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with filled as (
          insert into alert_hour_counts (alert_id, hour, messages, si, views, negative)
          select a.id, h.hour, 4 + (a.id * 7 + extract(hour from h.hour)::int) % 5, 150, 2000, 1
            from unnest(${pgArray(alertIds)}::int[]) a(id)
            cross join generate_series(
              to_timestamp(floor(extract(epoch from ${now.toISOString()}::timestamptz) / 3600) * 3600) - interval '16 days',
              ${now.toISOString()}::timestamptz, interval '1 hour') h(hour)
          on conflict do nothing
          returning 1)
        select count(*)::int as n from filled`,
  );
  return Number(row?.n ?? 0);
}

/** Ids of some loms and themes with messages, for the alerts' filters. */
export async function filterIds(db: Db): Promise<{ loms: number[]; themes: number[] }> {
  const loms = await queryRows<{ id: number }>(db, sql`select id from loms order by id limit 200`);
  const themes = await queryRows<{ id: number }>(db, sql`select id from themes order by id limit 50`);
  return { loms: loms.map((r) => Number(r.id)), themes: themes.map((r) => Number(r.id)) };
}

/** The due spike alerts of the bench made due at `now` again. */
export async function makeDue(db: Db, ids: readonly number[], now: Date): Promise<void> {
  await db.execute(
    sql`update alerts set next_check_at = ${now.toISOString()} where id = any(${pgArray(ids)}::int[])`,
  );
}
