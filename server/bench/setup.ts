/**
 * What `npm run bench` (run.ts) and `npm run soak` (soak.ts) share before they measure: where the bench database
 * is (DATABASE_URL or the embedded one under data/), seeding it when its counts differ, and logging a demo user in
 * over HTTP.
 */
import { join } from 'node:path';
import { AUTH_PATHS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { REPO_ROOT } from '../src/config.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { EVERY_LOM_DASHBOARD } from '../src/demo/new-dashboards.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { DEMO_USERS } from '../src/demo/users.ts';
import { buildSearchIndex } from '../src/domain/search/search-index-queries.ts';

/** Where one size lives: the configured database, or in compare mode one database per size. */
export interface Target {
  messages: number;
  databaseUrl?: string;
  dataDir?: string;
  /** The database as the report names it (no password). */
  label: string;
}

/** `--name N`: a non-negative integer option. */
export function count(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a non-negative integer; got "${value}"`);
  return n;
}

/**
 * The database of `messages` messages: PostgreSQL at databaseUrl when there is one, else the embedded database
 * under data/ (`dir`, data/bench by default). `perSize` (the bench's --compare) names one database per size:
 * databaseUrl's database with `_<messages>` appended, or data/bench-<messages>.
 */
export function targetFor(
  databaseUrl: string | undefined,
  messages: number,
  { perSize = false, dir = 'data/bench' }: { perSize?: boolean; dir?: string } = {},
): Target {
  if (!databaseUrl) {
    const at = perSize ? `${dir}-${messages}` : dir;
    return { messages, dataDir: join(REPO_ROOT, at), label: at };
  }
  const url = new URL(databaseUrl);
  if (perSize) url.pathname = `/${url.pathname.slice(1) || 'postgres'}_${messages}`;
  const label = `${url.host}${url.pathname}`;
  return { messages, databaseUrl: url.toString(), label };
}

/** Creates the target's PostgreSQL database beside the one adminUrl names, if it is missing. */
export async function ensurePostgresDatabase(adminUrl: string, target: Target): Promise<void> {
  if (!target.databaseUrl) return;
  const name = decodeURIComponent(new URL(target.databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      console.log(`Creating database ${name}`);
      await admin.query(`create database "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await admin.end();
  }
}

export interface SeedCounts {
  loms: number;
  themes: number;
  /** Seed even when the counts match. */
  reseed?: boolean;
}

/**
 * Seeds the target when its counts differ (or `reseed`), in this process and before the server starts, drops the
 * themes table's kept period results (docs/themes.md) so that no run reads those of an earlier one, then runs
 * `inspect` on the open database (ids or dates the measurement needs) and closes it again: the embedded database
 * admits a single process.
 */
export async function prepareTarget<T>(
  target: Target,
  counts: SeedCounts,
  inspect: (database: Database) => Promise<T>,
): Promise<T> {
  const database = openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
  try {
    await database.migrate();
    const [present] = await queryRows<{ n: number; loms: number; themes: number }>(
      database.db,
      // The merge benches add their own loms and themes, named 'bench …': they do not make the seed stale. Nor do
      // the seed's own incoming messages (demo/incoming.ts: the sample through the ingestion, with external ids).
      sql`select (select count(*)::int from messages where external_id is null) as n,
                 (select count(*)::int from loms where name not like 'bench %') as loms,
                 (select count(*)::int from themes) as themes`,
    );
    const messages = Number(present?.n ?? 0);
    const loms = Number(present?.loms ?? 0);
    const themes = Number(present?.themes ?? 0);
    if (counts.reseed || messages !== target.messages || loms !== counts.loms || themes < counts.themes) {
      console.log(
        `Seeding ${target.messages} messages, ${counts.loms} loms and ${counts.themes} themes into ${target.label} (found ${messages}, ${loms} and ${themes})…`,
      );
      const started = Date.now();
      await seedDemo(database, {
        messages: target.messages,
        loms: counts.loms,
        themes: counts.themes,
        reset: true,
        onProgress: (line) => console.log(`  ${line}`),
      });
      console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else {
      console.log(
        `${target.label} holds ${messages} messages, ${loms} loms and ${themes} themes: no seeding`,
      );
    }
    await buildSearchIndex(database, (line) => console.log(`  ${line}`));
    await ensureActionLog(database, target.messages >= 1_000_000 ? ACTION_LOG_ROWS : 0);
    // The themes table keeps per-period results in the database (docs/themes.md); drop those of earlier runs so
    // that "a new period each request" computes every page and two runs on one database measure the same work.
    await database.db.execute(sql`select theme_period_stats_reset()`);
    return await inspect(database);
  } finally {
    await database.close();
  }
}

/** Logs a demo user in over HTTP (POST AUTH_PATHS.login) and returns the token. */
export async function tokenFor(serverUrl: string, login: string): Promise<string> {
  const user = DEMO_USERS.find((u) => u.login === login);
  if (!user) throw new Error(`No demo user ${login}`);
  const res = await fetch(`${serverUrl}${AUTH_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.login, password: user.password }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`Login of ${login} failed (${res.status}): ${text}`);
  return (JSON.parse(text) as { token: string }).token;
}

/**
 * The administrator's showcase dashboard over every lom (demo/new-dashboards.ts), made here when the target was
 * seeded before the demo had it: the bench's every-lom chart rows ask it.
 */
export async function everyLomDashboard(db: Database['db']): Promise<number> {
  const { name, filters } = EVERY_LOM_DASHBOARD;
  const found = await queryRows<{ id: number }>(
    db,
    sql`select d.id from new_dashboards d join users u on u.id = d.user_id
         where u.username = 'admin' and d.name = ${name}
           and not exists (select 1 from new_dashboard_lom_groups g where g.dashboard_id = d.id)
         order by d.id limit 1`,
  );
  if (found[0]) return Number(found[0].id);
  const [made] = await queryRows<{ id: number }>(
    db,
    sql`insert into new_dashboards (user_id, name, filters, is_dashboard)
        select id, ${name}, ${JSON.stringify(filters)}::jsonb, true from users where username = 'admin'
        returning id`,
  );
  return Number(made.id);
}

/** The action log of the 1M dataset: issue 16 measures /logs over a million rows. */
export const ACTION_LOG_ROWS = 1_000_000;

/**
 * Fills the action log up to `rows`, set-based (one INSERT … SELECT generate_series): the demo users' actions over
 * the last year, newest today, spread over the types, verbs and objects the filters ask for. Nothing when the log
 * already holds that many.
 */
export async function ensureActionLog(database: Database, rows: number): Promise<void> {
  if (rows <= 0) return;
  const [present] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from user_actions`,
  );
  const missing = rows - Number(present?.n ?? 0);
  if (missing <= 0) return;
  console.log(`Writing ${missing} action-log rows…`);
  const started = Date.now();
  await database.db.execute(sql`
    with u as (select array_agg(id order by id) as ids from users),
         verbs(i, type, action) as (values
           (0, 1, 'message.verify'), (1, 1, 'message.archive'), (2, 2, 'fragment.edit'), (3, 3, 'quote.create'),
           (4, 4, 'theme.rename'), (5, 5, 'info_reason.create'), (6, 6, 'lom.update'), (7, 1, 'message.theme_add'))
    insert into user_actions (user_id, type, action, message_id, theme_id, info_reason_id, lom_id, old_value,
                              new_value, created_at)
    select u.ids[1 + (g % array_length(u.ids, 1))], v.type, v.action,
           case when v.type in (1, 2, 3) then (1 + (g::bigint * 7919) % 1000000)::int end,
           case when v.type = 4 or v.i = 7 then 1 + g % 50 end,
           case when v.type = 5 then 1 + g % 500 end,
           case when v.type = 6 then 1 + g % 20000 end,
           to_jsonb(false), to_jsonb(true),
           now() - (g::double precision / ${missing}) * interval '365 days'
      from generate_series(1, ${missing}) g
      cross join u
      join verbs v on v.i = g % 8`);
  // An append-only table is vacuumed by autovacuum's insert threshold in a running installation; the bench vacuums
  // at once, so that the log's index walks are index-only (the visibility map set) as they would be there.
  await database.db.execute(sql`vacuum analyze user_actions`);
  console.log(`Action log written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
