import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client.ts';
import { buildSearchIndex } from '../domain/search/search-index-queries.ts';

/**
 * The PGlite counterpart of the PostgreSQL template database: a migrated, empty PGlite data directory, dumped once
 * per set of migrations, that every test file loads instead of running initdb and the migrations again (about 5 s of
 * a CPU per test file). The file's name carries a hash of the migrations, so a changed migration makes a new one.
 */
const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

function templatePath(): string {
  const hash = createHash('sha1');
  for (const dir of [migrations, join(migrations, 'meta')]) {
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith('.sql') || name.endsWith('.json'))
        hash.update(name).update(readFileSync(join(dir, name)));
    }
  }
  return join(tmpdir(), `monitoring-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Makes the template if this set of migrations has none yet (the global setup calls it once per run). */
export async function ensurePgliteTemplate(): Promise<void> {
  const path = templatePath();
  if (existsSync(path)) return;
  const database = openDatabase({});
  await database.migrate();
  await buildSearchIndex(database);
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) return;
  // Written aside and renamed, so a concurrent run never reads half a file.
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

/** The template's contents, or undefined when there is none (the file then migrates its own database). */
export function pgliteTemplate(): Blob | undefined {
  const path = templatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}
