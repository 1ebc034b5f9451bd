import { PROBABLE_LOM_THRESHOLD, type ProbableLomReason, sourceUrlKey } from '@monitoring/contracts';

/**
 * Proposes a lom for an account that has none (load-probable-loms, docs/admin-loms.md). Pure:
 * the service hands it the unbound accounts, the active loms and the bound accounts' addresses.
 *
 * 1. `url`: another account with the same address key (scheme, www., case and trailing slashes
 *    ignored) belongs to a lom — the same account entered twice. Score 1.
 * 2. `handle`: the account's handle (the last segment of the address, without @; not a number)
 *    is the handle of exactly one lom's account on another platform. Score 0.95.
 * 3. `name` / `nickname`: the account name and the handle, transliterated to Latin and split into
 *    words (generic words dropped, word order ignored), against every lom's name and nickname:
 *    the Dice coefficient of their letter pairs. The best lom above the threshold wins; a tie
 *    between two loms proposes nothing (namesakes are common).
 */

export interface UnboundAccount {
  id: number;
  url: string;
  accountName: string | null;
}

export interface LomNames {
  id: number;
  name: string;
  nickname: string | null;
}

export interface BoundAccount {
  url: string;
  lomId: number;
}

export interface Proposal {
  sourceId: number;
  lomId: number;
  score: number;
  reason: ProbableLomReason;
}

const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
const LATIN = 'a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh sch - y - e yu ya'
  .split(' ')
  .map((l) => (l === '-' ? '' : l));
const TRANSLIT = new Map([...CYRILLIC].map((c, i) => [c, LATIN[i] as string]));

/** Words that say nothing about who an account is. */
const GENERIC = new Set([
  'live',
  'official',
  'ofitsialnyy',
  'tv',
  'channel',
  'kanal',
  'blog',
  'ooo',
  'ao',
  'pao',
  'zao',
  'ip',
  'the',
  'ru',
  'online',
]);

/** «Анна Петрова» → ['anna', 'petrova']; 'anna_petrova_live' → ['anna', 'petrova']. */
export function nameWords(text: string): string[] {
  let latin = '';
  for (const ch of text.toLowerCase()) latin += TRANSLIT.get(ch) ?? ch;
  // Latin spellings of the same sound: a handle written by a person, not by our table.
  latin = latin.replace(/ks/g, 'x').replace(/iy\b/g, 'y').replace(/yi\b/g, 'y');
  return latin
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !GENERIC.has(w))
    .sort();
}

/** The handle of an address: its last segment without @, when it names someone (not a number). */
export function handleOf(url: string): string | null {
  const key = sourceUrlKey(url);
  const segments = key.split(/[/?#]/).filter(Boolean);
  if (segments.length < 2) return null;
  const last = (segments[segments.length - 1] as string).replace(/^@/, '');
  if (last.length < 4 || /^\d+$/.test(last) || /^(channel|group|club|id\d+)$/.test(last)) return null;
  return last.toLowerCase();
}

function bigrams(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    const padded = ` ${w} `;
    for (let i = 0; i < padded.length - 1; i++) out.add(padded.slice(i, i + 2));
  }
  return out;
}

/** Dice coefficient of two bigram sets. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const g of a) if (b.has(g)) shared++;
  return (2 * shared) / (a.size + b.size);
}

interface Entry {
  lomId: number;
  reason: 'name' | 'nickname';
  grams: Set<string>;
}

/** An index of the loms' names by letter pair, so an account is compared with few loms only. */
export class LomNameIndex {
  private readonly entries: Entry[] = [];
  private readonly byGram = new Map<string, number[]>();

  constructor(loms: readonly LomNames[]) {
    for (const lom of loms) {
      this.add(lom.id, 'name', lom.name);
      if (lom.nickname) this.add(lom.id, 'nickname', lom.nickname);
    }
  }

  private add(lomId: number, reason: Entry['reason'], text: string) {
    const grams = bigrams(nameWords(text));
    if (grams.size === 0) return;
    const index = this.entries.push({ lomId, reason, grams }) - 1;
    for (const g of grams) {
      const list = this.byGram.get(g);
      if (list) list.push(index);
      else this.byGram.set(g, [index]);
    }
  }

  /** The best lom for the text, or null when none reaches the threshold or two loms tie. */
  best(text: string): { lomId: number; score: number; reason: Entry['reason'] } | null {
    const grams = bigrams(nameWords(text));
    if (grams.size === 0) return null;
    const shared = new Map<number, number>();
    for (const g of grams) for (const i of this.byGram.get(g) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    let best: { lomId: number; score: number; reason: Entry['reason'] } | null = null;
    let tie = false;
    for (const [i, n] of shared) {
      const entry = this.entries[i] as Entry;
      const score = (2 * n) / (grams.size + entry.grams.size);
      if (score < PROBABLE_LOM_THRESHOLD) continue;
      if (!best || score > best.score + 1e-9) {
        best = { lomId: entry.lomId, score, reason: entry.reason };
        tie = false;
      } else if (Math.abs(score - best.score) <= 1e-9 && entry.lomId !== best.lomId) {
        tie = true;
      }
    }
    return tie ? null : best;
  }
}

const round = (score: number) => Math.round(score * 1000) / 1000;

/** One proposal per account that has a candidate; accounts without one are left out. */
export function proposeLoms(
  accounts: readonly UnboundAccount[],
  loms: readonly LomNames[],
  bound: readonly BoundAccount[],
): Proposal[] {
  const byUrl = new Map<string, number>();
  const byHandle = new Map<string, Set<number>>();
  for (const b of bound) {
    byUrl.set(sourceUrlKey(b.url), b.lomId);
    const handle = handleOf(b.url);
    if (!handle) continue;
    const set = byHandle.get(handle) ?? new Set<number>();
    set.add(b.lomId);
    byHandle.set(handle, set);
  }
  const index = new LomNameIndex(loms);
  const out: Proposal[] = [];
  for (const account of accounts) {
    const sameUrl = byUrl.get(sourceUrlKey(account.url));
    if (sameUrl !== undefined) {
      out.push({ sourceId: account.id, lomId: sameUrl, score: 1, reason: 'url' });
      continue;
    }
    const handle = handleOf(account.url);
    const owners = handle ? byHandle.get(handle) : undefined;
    if (owners && owners.size === 1) {
      out.push({ sourceId: account.id, lomId: [...owners][0] as number, score: 0.95, reason: 'handle' });
      continue;
    }
    const candidates = [account.accountName, handle]
      .filter((t): t is string => !!t)
      .map((t) => index.best(t))
      .filter((c) => c !== null)
      .sort((a, b) => b.score - a.score);
    const top = candidates[0];
    if (top)
      out.push({ sourceId: account.id, lomId: top.lomId, score: round(top.score), reason: top.reason });
  }
  return out;
}
