import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../src/db/client.ts';
import { defaultDataDir } from '../src/demo/paths.ts';
import { proposalsOf } from '../src/domain/ai-themes/propose.ts';
import type { TextRow } from '../src/domain/ai-themes/queries.ts';
import { proposeNamedTheme } from '../src/domain/ai-themes/search.ts';
import { invalidateSuggestionModel, suggestThemes } from '../src/domain/ai-themes/suggest.ts';

/**
 * Times the AI themes on the database as it is (docs/ai-themes.md "Costs measured"), changing
 * nothing: every write runs in a transaction that is rolled back.
 *
 *   npx tsx scripts/ai-themes-measure.ts [--messages N] [--batch B] [--name "ремонт дорог"]
 *
 * 1. clustering of the newest N messages' texts (whatever their theme: the pure vectors and clusters);
 * 2. suggestThemes over the newest B messages (the centroids built cold, then a second, cached batch);
 * 3. create_ai_theme/ with a name: the search, the sub-clusters and the writes.
 */

class Rollback extends Error {}

async function rolledBack<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  let out: T | undefined;
  try {
    await db.transaction(async (tx) => {
      out = await work(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return out as T;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await work();
  console.log(`${label}: ${Math.round(performance.now() - started)} ms`);
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string', default: '20000' },
      batch: { type: 'string', default: '5000' },
      name: { type: 'string', default: 'ремонт дорог' },
    },
  });
  const n = Number(values.messages);
  const batch = Number(values.batch);
  const url = process.env.DATABASE_URL || undefined;
  const database = openDatabase({ url, dataDir: url ? undefined : defaultDataDir() });
  const db = database.db;
  try {
    const rows = await queryRows<TextRow>(
      db,
      sql`select id, text from (select id, wrote_at, text from messages order by wrote_at desc, id desc limit ${n}) r
          order by wrote_at, id`,
    );
    const proposals = await timed(`clustering of ${rows.length} messages`, async () => proposalsOf(rows));
    console.log(`  ${proposals.length} clusters of ≥ 5; largest ${proposals[0]?.messages.length ?? 0}`);
    const ids = rows.slice(-batch).map((r) => r.id);
    invalidateSuggestionModel();
    await rolledBack(db, async (tx) => {
      const first = await timed(`suggestThemes, ${ids.length} messages, centroids built`, () =>
        suggestThemes(tx, ids),
      );
      console.log(`  ${first.length} suggestions`);
      await timed(`suggestThemes, same batch, centroids cached`, () => suggestThemes(tx, ids));
    });
    await rolledBack(db, (tx) =>
      timed(`create_ai_theme «${values.name}»`, async () => {
        const found = await proposeNamedTheme(tx, values.name, 1);
        console.log(`  ${found.messages} messages, ${found.infoReasons} info reasons`);
      }),
    );
  } finally {
    await database.close();
  }
}

await main();
