import type { Db } from '../../db/client.ts';
import {
  approvedThemeKey,
  approvedThemeSamples,
  insertSuggestions,
  type Suggestion,
  unthemedTexts,
} from './suggest-queries.ts';
import { buildCorpus, type SparseVector, stemmedWords, vectorOf } from './vectors.ts';

/**
 * Suggestions (docs/ai-themes.md "Suggestions"): a new message without a theme that resembles the
 * messages of an approved theme gets an AI markup of that theme, for an editor to confirm.
 *
 * Each approved, active, unarchived theme has a TF-IDF centroid: the mean of the unit vectors of
 * its newest CENTROID_SAMPLE messages of the last CENTROID_DAYS days, cut to its CENTROID_TERMS
 * heaviest terms and made unit again. The centroids are cached per process and rebuilt when the
 * set of approved themes changes or after CACHE_MS. A message is scored against them through an
 * inverted index (term → themes), so a batch costs its own terms, not themes × vocabulary.
 */
export const SUGGEST_THRESHOLD = 0.45;
export const CENTROID_DAYS = 90;
export const CENTROID_SAMPLE = 200;
export const CENTROID_TERMS = 100;
export const CACHE_MS = 10 * 60_000;

interface Model {
  key: string;
  builtAt: number;
  index: Map<string, number>;
  idf: Float64Array;
  /** term → [theme id, weight] pairs. */
  postings: Map<number, [number, number][]>;
  /** The same postings by theme slot (an index of themeIds), for scoring into an array instead of a map. */
  themeIds: number[];
  slotPostings: Map<number, { slots: Int32Array; weights: Float64Array }>;
}

let cached: Model | null = null;

/** Drops the cached centroids (an approval, a test with another database). */
export function invalidateSuggestionModel(): void {
  cached = null;
}

function centroidOf(vectors: readonly SparseVector[]): Map<number, number> {
  const sum = new Map<number, number>();
  for (const v of vectors) {
    for (let i = 0; i < v.terms.length; i++) sum.set(v.terms[i], (sum.get(v.terms[i]) ?? 0) + v.weights[i]);
  }
  const top = [...sum.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, CENTROID_TERMS);
  const norm = Math.sqrt(top.reduce((acc, [, w]) => acc + w * w, 0)) || 1;
  return new Map(top.map(([t, w]) => [t, w / norm]));
}

async function buildModel(db: Db, key: string): Promise<Model> {
  const samples = await approvedThemeSamples(db, CENTROID_DAYS, CENTROID_SAMPLE);
  const corpus = buildCorpus(samples.map((s) => s.text));
  const byTheme = new Map<number, SparseVector[]>();
  samples.forEach((s, i) => {
    const list = byTheme.get(s.theme_id) ?? [];
    list.push(corpus.vectors[i]);
    byTheme.set(s.theme_id, list);
  });
  const postings = new Map<number, [number, number][]>();
  for (const [themeId, vectors] of [...byTheme.entries()].sort((a, b) => a[0] - b[0])) {
    for (const [term, weight] of centroidOf(vectors)) {
      const list = postings.get(term) ?? [];
      list.push([themeId, weight]);
      postings.set(term, list);
    }
  }
  const themeIds = [...byTheme.keys()].sort((a, b) => a - b);
  const slotOf = new Map(themeIds.map((id, slot) => [id, slot]));
  const slotPostings = new Map<number, { slots: Int32Array; weights: Float64Array }>();
  for (const [term, list] of postings) {
    slotPostings.set(term, {
      slots: Int32Array.from(list, ([themeId]) => slotOf.get(themeId) ?? 0),
      weights: Float64Array.from(list, ([, weight]) => weight),
    });
  }
  return {
    key,
    builtAt: Date.now(),
    index: new Map(corpus.stems.map((s, i) => [s, i])),
    idf: corpus.idf,
    postings,
    themeIds,
    slotPostings,
  };
}

async function model(db: Db): Promise<Model> {
  const key = await approvedThemeKey(db);
  if (cached && cached.key === key && Date.now() - cached.builtAt < CACHE_MS) return cached;
  cached = await buildModel(db, key);
  return cached;
}

/**
 * The most similar approved theme of a text and the cosine; null when none reaches the threshold. The scores
 * are summed per theme slot in `scores` (all zero on entry and on return), in the order of the text's terms.
 */
function bestTheme(m: Model, text: string, scores: Float64Array): { themeId: number; score: number } | null {
  const v = vectorOf(stemmedWords(text), m.index, m.idf);
  const touched: number[] = [];
  for (let i = 0; i < v.terms.length; i++) {
    const posting = m.slotPostings.get(v.terms[i]);
    if (!posting) continue;
    const w = v.weights[i];
    for (let k = 0; k < posting.slots.length; k++) {
      const slot = posting.slots[k];
      if (scores[slot] === 0) touched.push(slot);
      scores[slot] += posting.weights[k] * w;
    }
  }
  let best: { themeId: number; score: number } | null = null;
  for (const slot of touched) {
    const score = scores[slot];
    scores[slot] = 0;
    if (score < SUGGEST_THRESHOLD) continue;
    const themeId = m.themeIds[slot];
    if (!best || score > best.score || (score === best.score && themeId < best.themeId))
      best = { themeId, score };
  }
  return best;
}

function scoreRows(m: Model, rows: readonly { id: number; text: string }[]): Suggestion[] {
  const suggestions: Suggestion[] = [];
  const scores = new Float64Array(m.themeIds.length);
  for (const row of rows) {
    const best = bestTheme(m, row.text, scores);
    if (best) suggestions.push({ messageId: row.id, themeId: best.themeId, score: best.score });
  }
  return suggestions;
}

/**
 * Suggests an approved theme for each of these messages that has no theme yet, inside the caller's
 * transaction: one read of the texts, one insert of the AI markups (none where the message already
 * has a markup of that theme). Answers the suggestions written.
 */
export async function suggestThemes(db: Db, messageIds: readonly number[]): Promise<Suggestion[]> {
  if (messageIds.length === 0) return [];
  const m = await model(db);
  if (m.postings.size === 0) return [];
  return insertSuggestions(db, scoreRows(m, await unthemedTexts(db, messageIds)));
}

/**
 * The same suggestions for messages the caller is storing now, without a theme and not trash (the ingestion's new
 * messages), from their texts in hand: no read of them back. `prepare` fetches the centroids (a query, or a build
 * when cold); `score` is then pure computation, which the caller may run while its insert of those messages is on
 * the database; `write` inserts the markups once the messages are stored.
 */
export async function newMessageSuggester(db: Db): Promise<{
  score(rows: readonly { id: number; text: string }[]): Suggestion[];
  write(suggestions: readonly Suggestion[]): Promise<Suggestion[]>;
}> {
  const m = await model(db);
  return {
    score: (rows) =>
      m.postings.size === 0
        ? []
        : scoreRows(
            m,
            rows.map((r) => ({ id: r.id, text: storedTextOf(r.text) })),
          ),
    write: (suggestions) => insertSuggestions(db, suggestions),
  };
}

/** What unthemedTexts reads of a message without extra source text (TEXT_OF of suggest-queries.ts): tags as spaces. */
export function storedTextOf(text: string): string {
  return `${text} `.replace(/<[^>]*>/g, ' ');
}
