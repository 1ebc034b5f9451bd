import { jaccard, NEAR_DUPLICATE_JACCARD, shingles, type TextPrint, textPrint } from '../text/minhash.ts';
import { words } from '../text/tokens.ts';

// Copies and near-duplicates of one batch (docs/ingestion.md "Copies"), decided in memory from what the batch
// holds and the stored candidates its band keys found: no statement per message.

/** Most entries a message's `duplicates` holds. */
export const MAX_DUPLICATES = 20;

export interface LinkItem {
  id: number;
  /** A new message (stored ones keep their links). */
  isNew: boolean;
  /** `${sourceId}|${externalId}` */
  ref: string;
  /** `${sourceId}|${copy_of}` when the line names the message it copies. */
  copyOf: string | null;
  text: string;
  url: string | null;
  wroteAt: number;
}

export interface StoredRef {
  id: number;
  copyFromId: number | null;
}

export interface StoredCandidate {
  /** The batch's band keys it shares. */
  keys: readonly number[];
  id: number;
  /** Its stored shingle hashes (signed 32-bit), or null: then its text is shingled here. */
  shingles: readonly number[] | null;
  text: string | null;
  url: string | null;
  wroteAt: number;
  copyFromId: number | null;
}

export interface Links {
  /** Per new item id: the message it copies and its near-duplicates. */
  byId: Map<number, { copyFromId: number | null; duplicates: { id: number; url: string | null }[] }>;
  /** Band keys of the new items, to store: parallel arrays. */
  keys: number[];
  keyIds: number[];
  /** Shingle sets of the new items that have band keys, to store (signed 32-bit hashes): parallel arrays. */
  shingleIds: number[];
  shingleSets: number[][];
  /** Stored messages that gain new near-duplicates. */
  additions: Map<number, { id: number; url: string | null }[]>;
  linked: number;
}

interface Match {
  id: number;
  url: string | null;
  wroteAt: number;
  copyFromId: number | null;
  stored: boolean;
}

/** The band keys of the new items (computed once; `link` reuses them). */
export function printsOf(
  items: readonly LinkItem[],
  wordsOf: (item: LinkItem) => readonly string[] = (item) => words(item.text),
): Map<number, TextPrint> {
  const prints = new Map<number, TextPrint>();
  for (const item of items) if (item.isNew) prints.set(item.id, textPrint(item.text, wordsOf(item)));
  return prints;
}

/**
 * Links the batch's new messages, oldest first. A named copy (`copy_of`, found in the batch or stored) is linked
 * to it. Otherwise every earlier text sharing a band key whose exact shingle Jaccard is at least the threshold is
 * a near-duplicate, and the message copies the oldest of them (its original, when that one is itself a copy).
 */
export function link(
  items: readonly LinkItem[],
  prints: ReadonlyMap<number, TextPrint>,
  stored: ReadonlyMap<string, StoredRef>,
  candidates: readonly StoredCandidate[],
): Links {
  const byKey = new Map<number, Match[]>();
  const storedShingles = new Map<number, Set<number>>();
  const storedSources = new Map<number, StoredCandidate>();
  for (const c of candidates) {
    storedSources.set(c.id, c);
    const match: Match = { id: c.id, url: c.url, wroteAt: c.wroteAt, copyFromId: c.copyFromId, stored: true };
    for (const key of c.keys) {
      const list = byKey.get(key) ?? [];
      list.push(match);
      byKey.set(key, list);
    }
  }
  // Every message of the batch may be named by `copy_of`, whatever its date.
  const batchRefs = new Map<string, { id: number }>(items.map((i) => [i.ref, { id: i.id }]));
  const shinglesOf = (m: Match): Set<number> => {
    if (!m.stored) return prints.get(m.id)?.shingles ?? new Set();
    let set = storedShingles.get(m.id);
    if (!set) {
      const source = storedSources.get(m.id);
      set = source?.shingles ? new Set(source.shingles.map((h) => h >>> 0)) : shingles(source?.text ?? '');
      storedShingles.set(m.id, set);
    }
    return set;
  };

  const out: Links = {
    byId: new Map(),
    keys: [],
    keyIds: [],
    shingleIds: [],
    shingleSets: [],
    additions: new Map(),
    linked: 0,
  };
  const ordered = [...items].sort((a, b) => a.wroteAt - b.wroteAt || a.id - b.id);
  for (const item of ordered) {
    if (!item.isNew) continue;
    const print = prints.get(item.id) ?? textPrint(item.text);
    let copyFromId: number | null = null;
    if (item.copyOf) {
      const target = batchRefs.get(item.copyOf) ?? stored.get(item.copyOf);
      if (target && target.id !== item.id) copyFromId = target.id;
    }
    const seen = new Set<number>();
    const matches: Match[] = [];
    for (const key of print.keys) {
      for (const m of byKey.get(key) ?? []) {
        if (seen.has(m.id) || m.id === item.id) continue;
        seen.add(m.id);
        if (jaccard(print.shingles, shinglesOf(m)) >= NEAR_DUPLICATE_JACCARD) matches.push(m);
      }
    }
    matches.sort((a, b) => a.wroteAt - b.wroteAt || a.id - b.id);
    const oldest = matches[0];
    if (copyFromId === null && oldest && oldest.wroteAt <= item.wroteAt) {
      copyFromId = oldest.copyFromId ?? oldest.id;
    }
    const duplicates = matches.slice(0, MAX_DUPLICATES).map((m) => ({ id: m.id, url: m.url }));
    out.byId.set(item.id, { copyFromId, duplicates });
    if (copyFromId !== null) out.linked++;
    // The new message joins the list of its oldest near-duplicate only (the original): one row to update per copy,
    // not one per earlier copy, so a text copied a thousand times costs no more.
    for (const m of oldest ? [oldest] : []) {
      const entry = { id: item.id, url: item.url };
      if (m.stored) {
        const list = out.additions.get(m.id) ?? [];
        list.push(entry);
        out.additions.set(m.id, list);
      } else {
        const other = out.byId.get(m.id);
        if (other && other.duplicates.length < MAX_DUPLICATES) other.duplicates.push(entry);
      }
    }
    const self: Match = { id: item.id, url: item.url, wroteAt: item.wroteAt, copyFromId, stored: false };
    if (print.keys.length > 0) {
      out.shingleIds.push(item.id);
      out.shingleSets.push([...print.shingles].map((h) => h | 0));
    }
    for (const key of print.keys) {
      const list = byKey.get(key) ?? [];
      list.push(self);
      byKey.set(key, list);
      out.keys.push(key);
      out.keyIds.push(item.id);
    }
  }
  return out;
}
