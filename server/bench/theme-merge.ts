/**
 * Times the merge of two themes of 50,000 live messages each (issue 5: ≤ 10 s, without
 * blocking reads): POST /api/v2/themes/{id}/merge_theme/ through the in-process app, as
 * bench/run.ts calls it, while a parallel loop reads the themes table
 * (GET /api/v2/themes/?<month>) and records its latencies.
 *
 *   npm run bench:merge [-- --messages 50000 --readers 2]
 *
 * It runs on the bench database (DATABASE_URL, else the PGlite of data/bench), which
 * `npm run bench -- --seed-only` fills. Before timing it creates two themes and, in one
 * transaction with the rollup kept current, moves 2 × `messages` live messages spread over
 * the year to them (their info reasons cleared). The merge then deletes the first theme; the second
 * keeps all the messages, so the database has one theme more than the seed afterwards.
 * It checks that no message was lost: the two themes' messages before = the target's after.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addMonths, isoDate } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { refreshMessageAggregates } from '../src/domain/aggregates/rollup-queries.ts';
import { settleAfterSetup, startBenchApp } from './merge-kit.ts';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '50000' },
    readers: { type: 'string', default: '2' },
  },
});
const perTheme = Number(args.messages);
const readers = Number(args.readers);
const tag = `bench ${Date.now().toString(36)}`;

const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : join(REPO_ROOT, 'data/bench'),
});
await database.migrate();
const db = database.db;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number | string }>(db, query))[0]?.n ?? 0);

const live = await count(
  sql`select count(*) as n from messages where not trash and not archived and not delayed`,
);
if (live < 2 * perTheme) {
  console.error(
    `Нужно ${2 * perTheme} живых сообщений, в базе ${live}: сначала npm run bench -- --seed-only`,
  );
  process.exit(1);
}

// Setup, not timed: two new themes with `perTheme` live messages each, rollup kept current.
console.log(`Preparing two themes of ${perTheme} messages each…`);
const prepared = performance.now();
const [a] = await queryRows<{ id: number }>(
  db,
  sql`insert into themes (name, approved) values (${`${tag} А`}, true) returning id`,
);
const [b] = await queryRows<{ id: number }>(
  db,
  sql`insert into themes (name, approved) values (${`${tag} Б`}, true) returning id`,
);
const picked = await queryRows<{ id: number }>(
  db,
  // Spread over the whole year (a fixed pseudo-random order), as a real theme's messages are.
  sql`select id from messages where not trash and not archived and not delayed and theme_id is distinct from ${a.id}
       and theme_id is distinct from ${b.id} order by md5(id::text) limit ${2 * perTheme}`,
);
const ids = picked.map((row) => Number(row.id));
const halves = [ids.slice(0, perTheme), ids.slice(perTheme)];
// In chunks of their own transactions: the rollup refresh locks every lom it touches, and
// 50,000 messages touch more loms than one transaction may lock (max_locks_per_transaction).
const SETUP_CHUNK = 2_000;
for (const [index, part] of halves.entries()) {
  const themeId = index === 0 ? a.id : b.id;
  for (let i = 0; i < part.length; i += SETUP_CHUNK) {
    const chunk = part.slice(i, i + SETUP_CHUNK);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update messages set theme_id = ${themeId}, info_reason_id = null
             where id = any(${`{${chunk.join(',')}}`}::int[])`,
      );
      // The day and lom of the messages did not change: one set of keys rebuilds their rollup rows.
      await refreshMessageAggregates(tx, chunk);
    });
  }
}
const source = Number(a.id);
const target = Number(b.id);
// Not timed either: what autovacuum and the checkpointer do after the setup's 100,000 updates
// (autovacuum may be off on a bench server), so the merge is not charged for the setup's dead
// rows and pending dirty pages.
await settleAfterSetup(db, prepared);
const { app, address, tokenFor } = await startBenchApp(config, db, '127.0.0.98');
const editorToken = await tokenFor('editor');
const readerToken = await tokenFor('user');

const today = new Date();
const readUrl = `${address}/api/v2/themes/?wrote_at_after=${isoDate(addMonths(today, -1))}&wrote_at_before=${isoDate(today)}&page=1&page_size=25`;
async function read(): Promise<number> {
  const started = performance.now();
  const res = await fetch(readUrl, { headers: { authorization: `Token ${readerToken}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`themes list answered ${res.status}`);
  return performance.now() - started;
}
// Warm the reads' plans and caches before anything is measured.
for (let i = 0; i < 3; i++) await read();

const before = await count(sql`select count(*) as n from messages where theme_id in (${source}, ${target})`);
const totalBefore = await count(sql`select count(*) as n from messages`);

const latencies: number[] = [];
let merging = true;
const readLoops = Array.from({ length: readers }, async () => {
  while (merging) latencies.push(await read());
});

const started = performance.now();
const res = await fetch(`${address}/api/v2/themes/${source}/merge_theme/`, {
  method: 'POST',
  headers: { authorization: `Token ${editorToken}`, 'content-type': 'application/json' },
  body: JSON.stringify({ theme: target }),
});
const body = await res.text();
const seconds = (performance.now() - started) / 1000;
merging = false;
await Promise.all(readLoops);
if (!res.ok) throw new Error(`merge_theme answered ${res.status}: ${body}`);

const after = await count(sql`select count(*) as n from messages where theme_id = ${target}`);
const totalAfter = await count(sql`select count(*) as n from messages`);
const rollupAfter = await count(
  sql`select coalesce(sum(message_count), 0) as n from message_daily_stats where theme_id = ${target}`,
);
const sourceLeft = await count(sql`select count(*) as n from themes where id = ${source}`);

latencies.sort((x, y) => x - y);
const at = (q: number) =>
  latencies.length
    ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))])
    : 0;
const lost = before !== after || totalBefore !== totalAfter || rollupAfter !== after || sourceLeft !== 0;
console.log(
  [
    `${database.kind}: merged ${before} messages (${perTheme} + ${perTheme}) in ${seconds.toFixed(2)} s (target ≤ 10 s)`,
    `reads of the themes table during the merge (${readers} in parallel): ${latencies.length} requests, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
    `messages of the two themes before ${before}, of the target after ${after}; all messages ${totalBefore} → ${totalAfter}; rollup of the target ${rollupAfter}${lost ? ' — MISMATCH' : ' — nothing lost'}`,
  ].join('\n'),
);

await app.close();
await database.close();
if (seconds > 10 || lost) process.exitCode = 1;
