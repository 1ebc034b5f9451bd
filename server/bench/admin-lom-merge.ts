/**
 * Times the merge of two loms of 20,000 messages each (issue 16: ≤ 10 s, without blocking
 * reads): POST /api/v1/admin/loms/{id}/merge/ through the in-process app, while a parallel loop
 * reads the admin lom list and the messages list of the target and records their latencies.
 *
 *   npm run bench:lom-merge [-- --messages 20000 --readers 2]
 *
 * It runs on the bench database (DATABASE_URL, else the PGlite of data/bench), which
 * `npm run bench -- --seed-only` fills. Before timing it creates two loms and, in chunked
 * transactions with the rollups kept current (the messages' triggers, refreshAggregates), moves
 * `messages` messages spread over the year to each. The merge then folds the first into the
 * second; the database has two loms more than the seed afterwards (one inactive), named 'bench …', which the
 * bench's seed check leaves out of its lom count (setup.ts), so the next `npm run bench` does not reseed.
 * It checks that no message was lost: the two loms' messages before = the target's after, and
 * the target's rollup (lom_day_stats) counts them all.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { refreshAggregates } from '../src/domain/aggregates/rollup-queries.ts';
import { settleAfterSetup, startBenchApp } from './merge-kit.ts';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '20000' },
    readers: { type: 'string', default: '2' },
  },
});
const perLom = Number(args.messages);
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

const total = await count(sql`select count(*) as n from messages where lom_id is not null`);
if (total < 2 * perLom) {
  console.error(`Нужно ${2 * perLom} сообщений с ЛОМ, в базе ${total}: сначала npm run bench -- --seed-only`);
  process.exit(1);
}

// Setup, not timed: two new loms with `perLom` messages each, taken from other loms.
console.log(`Preparing two loms of ${perLom} messages each…`);
const prepared = performance.now();
const [a] = await queryRows<{ id: number }>(
  db,
  sql`insert into loms (name) values (${`${tag} А`}) returning id`,
);
const [b] = await queryRows<{ id: number }>(
  db,
  sql`insert into loms (name) values (${`${tag} Б`}) returning id`,
);
const source = Number(a?.id);
const target = Number(b?.id);
const picked = await queryRows<{ id: number }>(
  db,
  sql`select id from messages where lom_id is not null order by md5(id::text) limit ${2 * perLom}`,
);
const ids = picked.map((row) => Number(row.id));
const CHUNK = 2_000;
for (const [index, lomId] of [source, target].entries()) {
  const part = ids.slice(index * perLom, (index + 1) * perLom);
  for (let i = 0; i < part.length; i += CHUNK) {
    const chunk = `{${part.slice(i, i + CHUNK).join(',')}}`;
    await db.transaction(async (tx) => {
      const before = await queryRows<{ lom_id: number }>(
        tx,
        sql`select distinct lom_id from messages where id = any(${chunk}::int[])`,
      );
      await tx.execute(sql`update messages set lom_id = ${lomId} where id = any(${chunk}::int[])`);
      await refreshAggregates(tx, { lomIds: [lomId, ...before.map((r) => Number(r.lom_id))], newsIds: [] });
    });
  }
}
await settleAfterSetup(db, prepared);
const { app, address, tokenFor } = await startBenchApp(config, db, '127.0.0.97');
const adminToken = await tokenFor('admin');

const readUrls = [
  `${address}/api/v1/admin/loms/?page=1&page_size=25`,
  `${address}/api/v3/messages/?lom_in=${target}&page=1&page_size=25`,
];
async function read(n: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(readUrls[n % readUrls.length] as string, {
    headers: { authorization: `Token ${adminToken}` },
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`read answered ${res.status}`);
  return performance.now() - started;
}
for (let i = 0; i < 4; i++) await read(i);

const before = await count(sql`select count(*) as n from messages where lom_id in (${source}, ${target})`);
const totalBefore = await count(sql`select count(*) as n from messages`);

const latencies: number[] = [];
let merging = true;
const readLoops = Array.from({ length: readers }, async (_, loop) => {
  let n = loop;
  while (merging) latencies.push(await read(n++));
});

const started = performance.now();
const res = await fetch(`${address}/api/v1/admin/loms/${target}/merge/`, {
  method: 'POST',
  headers: { authorization: `Token ${adminToken}`, 'content-type': 'application/json' },
  body: JSON.stringify({ queryset: [source] }),
});
const body = await res.text();
const seconds = (performance.now() - started) / 1000;
merging = false;
await Promise.all(readLoops);
if (!res.ok) throw new Error(`merge answered ${res.status}: ${body}`);

const after = await count(sql`select count(*) as n from messages where lom_id = ${target}`);
const totalAfter = await count(sql`select count(*) as n from messages`);
const rollupAfter = await count(
  sql`select coalesce(sum(message_count), 0) as n from lom_day_stats where lom_id = ${target}`,
);
const sourceRollup = await count(sql`select count(*) as n from lom_day_stats where lom_id = ${source}`);

latencies.sort((x, y) => x - y);
const at = (q: number) =>
  latencies.length
    ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)
    : 0;
const lost = before !== after || totalBefore !== totalAfter || rollupAfter !== after || sourceRollup !== 0;
console.log(
  [
    `${database.kind}: merged ${before} messages (${perLom} + ${perLom}) in ${seconds.toFixed(2)} s (target ≤ 10 s)`,
    `reads during the merge (${readers} in parallel): ${latencies.length} requests, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
    `messages of the two loms before ${before}, of the target after ${after}; all messages ${totalBefore} → ${totalAfter}; lom_day_stats of the target ${rollupAfter}${lost ? ' — MISMATCH' : ' — nothing lost'}`,
  ].join('\n'),
);

await app.close();
await database.close();
if (seconds > 10 || lost) process.exitCode = 1;
