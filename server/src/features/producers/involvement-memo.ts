import type { Db } from '../../db/client.ts';
import { involvementsVersion } from './queries.ts';

/**
 * The involvement figures of the producer centers (every read of `lom_involvements`: the list's involvement counts,
 * the involvements, movies, songs, grants and overlap graphs), kept in this process under the table's version
 * (migration 0033): any write to the table sets a new version, and the next read recomputes. A figure depends on
 * nothing else that changes (the period, the centers and the table), so a kept figure is the one a query would give.
 * Every center's figures read the whole table (about 10,000 rows at 20,000 loms, 17–28 ms); a kept one costs the
 * version's read. docs/producers.md "Speed".
 */
const MAX_ENTRIES = 500;

interface Entry {
  version: number;
  value: Promise<unknown>;
}

/** Per database, so that two apps in one process (tests, a second instance) never share figures. */
const kept = new WeakMap<Db, Map<string, Entry>>();

export async function involvementFigure<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const version = await involvementsVersion(db);
  if (version === null) return compute();
  let entries = kept.get(db);
  if (!entries) {
    entries = new Map();
    kept.set(db, entries);
  }
  const entry = entries.get(key);
  if (entry && entry.version === version) {
    // Most recently used last, so the oldest is evicted first.
    entries.delete(key);
    entries.set(key, entry);
    return entry.value as Promise<T>;
  }
  const value = compute();
  entries.set(key, { version, value });
  // A failed read is not kept.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  while (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
  return value;
}
