/**
 * The alert engine's cost (issue 30, docs/alerts.md "Speed"), in this process on the database itself:
 * 1. matching: ingest batches of BATCH messages alone, then the inbox pass that matches each against ALERTS active
 *    `new` alerts; prints both times and what the pass adds to the batch's, in percent (the target: ≤ 20 % at 1M);
 * 2. evaluation: SPIKES spike alerts over 16 days of hourly counts, evaluated in one round (the target: ≤ 1 s of
 *    database time at 1M); the sums statement is timed on its own too.
 * The bench's alerts are named 'bench-alert …' and removed before and after. DATABASE_URL (seeded PostgreSQL), or
 * the embedded database at DATA_DIR (data/bench-alerts by default), seeded with SEED messages when empty.
 */
import { join } from 'node:path';
import { parseSearchQuery } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../src/config.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { intervalSums } from '../src/domain/alerts/counts-queries.ts';
import { evaluateDueAlerts, evaluationIntervals } from '../src/domain/alerts/evaluate.ts';
import { runInboxPass } from '../src/domain/alerts/matching.ts';
import { ingestLines, numberedLines } from '../src/domain/ingest/ingest.ts';
import { buildSearchIndex } from '../src/domain/search/search-index-queries.ts';
import {
  type BenchAlert,
  benchAdmin,
  benchOwner,
  dropBenchAlerts,
  filterIds,
  insertBenchAlerts,
  makeDue,
  seedSpikeCounts,
} from './alert-fixtures-queries.ts';

export interface AlertBenchOptions {
  alerts: number;
  batch: number;
  batches: number;
  spikes: number;
  /** Messages of the demo seed when the embedded database is empty. */
  seed: number;
  lines: (count: number, round: number) => string[];
  words: readonly string[];
}

/** A deterministic pick: the same alerts every run. */
function picker(seed: number) {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return x % n;
  };
}

/** Whole Russian words of four letters or more, lower-cased: what an alert's query is made of. */
function usableWords(words: readonly string[]): string[] {
  const found = words.filter((w) => /^[А-Яа-яЁё]{4,}$/.test(w)).map((w) => w.toLowerCase());
  // Not the service words the search leaves out (этот, всех…): a query of them alone is refused.
  return [...new Set(found)].filter((w) => parseSearchQuery(w).ok);
}

/**
 * The `new` alerts, a mix of how selective users make them (the sample's 250 words each appear in 1–10 % of its
 * texts, so a bare word is a broad alert): 40 % phrases of two words, 30 % two words narrowed to two loms, 20 % a
 * word narrowed to a theme, 10 % a bare word or two words OR'd (the broad ones).
 */
function newAlerts(
  count: number,
  words: readonly string[],
  ids: { loms: number[]; themes: number[] },
): BenchAlert[] {
  const pick = picker(30);
  const usable = usableWords(words);
  const word = () => usable[pick(usable.length)];
  return Array.from({ length: count }, (_, i) => {
    const shape = i % 10;
    if (shape < 4)
      return { kind: 'new', query: `"${word()} ${word()}"`, filters: {} as Record<string, number[]> };
    if (shape < 7 && ids.loms.length)
      return {
        kind: 'new',
        query: `${word()} ${word()}`,
        filters: { lom_in: [ids.loms[pick(ids.loms.length)], ids.loms[pick(ids.loms.length)]] },
      };
    if (shape < 9 && ids.themes.length)
      return { kind: 'new', query: word(), filters: { theme_in: [ids.themes[pick(ids.themes.length)]] } };
    return {
      kind: 'new',
      query: shape === 9 ? `${word()} OR ${word()}` : word(),
      filters: {} as Record<string, number[]>,
    };
  });
}

const ms = (from: number) => performance.now() - from;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function openBenchDatabase(seed: number): Promise<Database> {
  const database = openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: process.env.DATABASE_URL
      ? undefined
      : (process.env.DATA_DIR ?? join(REPO_ROOT, 'data/bench-alerts')),
  });
  await database.migrate();
  const [present] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
  if (Number(present?.n ?? 0) === 0) {
    if (database.kind === 'postgres') throw new Error('Seed the PostgreSQL database first (npm run seed)');
    console.log(`Seeding ${seed} demo messages into the embedded database…`);
    await seedDemo(database, { messages: seed });
  }
  await buildSearchIndex(database);
  return database;
}

export async function measureAlerts(options: AlertBenchOptions): Promise<void> {
  const database = await openBenchDatabase(options.seed);
  const db = database.db;
  try {
    await dropBenchAlerts(db);
    const [{ n: total }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from messages`);
    console.log(`Database: ${database.kind}, ${total} messages`);
    const owner = await benchOwner(db);
    const admin = await benchAdmin(db);

    // 1. Matching.
    await insertBenchAlerts(db, owner, newAlerts(options.alerts, options.words, await filterIds(db)));
    const ingestTimes: number[] = [];
    const passTimes: number[] = [];
    let matched = 0;
    for (let round = 0; round < options.batches; round++) {
      const lines = options.lines(options.batch, round);
      let started = performance.now();
      const result = await ingestLines(db, admin, numberedLines(lines.join('\n')));
      ingestTimes.push(ms(started));
      started = performance.now();
      for (;;) {
        const pass = await runInboxPass(db, new Date());
        matched += pass.listed;
        if (pass.batches === 0) break;
      }
      passTimes.push(ms(started));
      console.log(
        `batch ${round + 1}: ${result.created} new messages, ingest ${ingestTimes[round].toFixed(0)} ms, ` +
          `inbox pass against ${options.alerts} alerts ${passTimes[round].toFixed(0)} ms ` +
          `(+${((passTimes[round] / ingestTimes[round]) * 100).toFixed(1)} %)`,
      );
    }
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    console.log(
      `matching: ${options.batches} batches of ${options.batch} against ${options.alerts} new alerts: ingest alone ` +
        `median ${median(ingestTimes).toFixed(0)} ms, inbox pass median ${median(passTimes).toFixed(0)} ms; ` +
        `ingest + pass adds ${((sum(passTimes) / sum(ingestTimes)) * 100).toFixed(1)} % to ingest alone ` +
        `(${matched} matches: ${((matched / (options.alerts * options.batch * options.batches)) * 100).toFixed(2)} % of ` +
        'alert × message pairs)',
    );
    await dropBenchAlerts(db);

    // 2. Spike evaluation.
    const spikeIds = await insertBenchAlerts(
      db,
      owner,
      Array.from({ length: options.spikes }, (_, i) => ({
        kind: 'spike' as const,
        query: usableWords(options.words)[i % usableWords(options.words).length] ?? 'школа',
        filters: {},
        window: i % 2 === 0 ? ('hour' as const) : ('day' as const),
      })),
    );
    const now = new Date();
    let started = performance.now();
    const rows = await seedSpikeCounts(db, spikeIds, now);
    console.log(
      `spike alerts: ${options.spikes}, ${rows} hour-count rows seeded in ${ms(started).toFixed(0)} ms`,
    );
    const intervals = evaluationIntervals(now);
    const alerts = spikeIds.map((id, i) => ({ id, window: i % 2 === 0 ? 'hour' : 'day' }));
    const sumsTimes: number[] = [];
    const roundTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      await intervalSums(db, alerts, intervals);
      sumsTimes.push(ms(started));
      await makeDue(db, spikeIds, now);
      started = performance.now();
      const evaluated = await evaluateDueAlerts(db, now);
      roundTimes.push(ms(started));
      if (evaluated.evaluated !== options.spikes)
        console.log(`  (evaluated ${evaluated.evaluated}, fired ${evaluated.fired})`);
    }
    console.log(
      `evaluation of ${options.spikes} spike alerts: the sums statement median ${median(sumsTimes).toFixed(0)} ms, ` +
        `the whole round (lock, sums, statistics, results written) median ${median(roundTimes).toFixed(0)} ms`,
    );
  } finally {
    await dropBenchAlerts(db).catch(() => undefined);
    await database.close();
  }
}
