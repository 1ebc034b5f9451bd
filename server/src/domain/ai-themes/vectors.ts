import { RUSSIAN_STOPWORDS, stem, words } from '../text/tokens.ts';

/**
 * TF-IDF vectors of message texts over the stems of the one tokeniser (domain/text/tokens.ts),
 * and the cosine similarity of such vectors (docs/ai-themes.md "Vectors").
 *
 * A term's weight in a text is (1 + ln tf) · ln(N / df): sublinear term frequency, so a word
 * repeated in one post does not outweigh the others, times the inverse document frequency over
 * the texts being clustered. Terms found in fewer than MIN_DF texts (typos, names met once) or in
 * more than MAX_DF_SHARE of them (words every post has) are dropped. Vectors are L2-normalised,
 * so the dot product is the cosine.
 *
 * Template sentences (docs/ai-themes.md "Template sentences"): a channel's sign-off («Свои, пишите, ответим»),
 * a stock reaction («Подробности администрация обещает сообщить позже»), a hashtag line — a sentence that recurs
 * word for word (numbers aside) in at least TEMPLATE_MIN_SHARE of the distinct texts (and at least TEMPLATE_MIN_TEXTS of them) —
 * says nothing of the topic, yet its many words would outweigh the topic's few and group posts by their filler.
 * Such sentences are left out of every text before the terms are counted. Copies of one text count once.
 */

export const MIN_DF = 2;
export const MAX_DF_SHARE = 0.5;
export const TEMPLATE_MIN_SHARE = 0.005;
export const TEMPLATE_MIN_TEXTS = 5;

/** A sparse unit vector: term indexes (ascending) and their weights. */
export interface SparseVector {
  terms: Int32Array;
  weights: Float64Array;
}

/** The sentences of a text: split after . ! ? … and at line breaks; trimmed, inner spaces collapsed. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((s) => s.trim().replace(/\s+/gu, ' '))
    .filter((s) => s !== '');
}

/** A sentence's template key: lower case, every number one sign («приняли участие более 1212 человек»). */
const templateKey = (sentence: string) => sentence.toLowerCase().replace(/\d+([.,]\d+)?/gu, '#');

/** The template sentences of the texts: those in at least TEMPLATE_MIN_SHARE (≥ TEMPLATE_MIN_TEXTS) of the distinct texts. */
export function templateSentences(texts: readonly string[]): Set<string> {
  const distinct = new Set(texts);
  const counts = new Map<string, number>();
  for (const text of distinct) {
    for (const key of new Set(sentencesOf(text).map(templateKey)))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const min = Math.max(TEMPLATE_MIN_TEXTS, Math.ceil(distinct.size * TEMPLATE_MIN_SHARE));
  const out = new Set<string>();
  for (const [sentence, count] of counts) if (count >= min) out.add(sentence);
  return out;
}

/** A text without its template sentences (the whole text when it has none). */
export function withoutTemplates(text: string, templates: ReadonlySet<string>): string {
  if (templates.size === 0) return text;
  return sentencesOf(text)
    .filter((s) => !templates.has(templateKey(s)))
    .join(' ');
}

export interface Corpus {
  /** Term index → stem. */
  stems: string[];
  /** Term index → the most frequent surface word of the stem (ties: the alphabetically first). */
  surfaces: string[];
  /** Term index → ln(N / df). */
  idf: Float64Array;
  /** One vector per text, in input order; an empty vector when no term of the text survived. */
  vectors: SparseVector[];
  /** The template sentences left out of the texts (see above). */
  templates: Set<string>;
}

/** The stems of a text with the surface words they came from (stop words and one-letter words dropped). */
export function stemmedWords(text: string): { stem: string; word: string }[] {
  const out: { stem: string; word: string }[] = [];
  for (const word of words(text)) {
    if (word.length < 2 || RUSSIAN_STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    out.push({ stem: stem(word), word });
  }
  return out;
}

/** Builds the vocabulary and the TF-IDF vectors of the texts (deterministic for the same input). */
export function buildCorpus(texts: readonly string[]): Corpus {
  const templates = templateSentences(texts);
  const docs = texts.map((text) => stemmedWords(withoutTemplates(text, templates)));
  const df = new Map<string, number>();
  const surfaceCounts = new Map<string, Map<string, number>>();
  for (const doc of docs) {
    const seen = new Set<string>();
    for (const { stem: s, word } of doc) {
      let counts = surfaceCounts.get(s);
      if (!counts) {
        counts = new Map();
        surfaceCounts.set(s, counts);
      }
      counts.set(word, (counts.get(word) ?? 0) + 1);
      if (!seen.has(s)) {
        seen.add(s);
        df.set(s, (df.get(s) ?? 0) + 1);
      }
    }
  }
  const n = docs.length;
  const maxDf = Math.max(MIN_DF, Math.floor(n * MAX_DF_SHARE));
  const kept = [...df.entries()]
    .filter(([, count]) => count >= MIN_DF && count <= maxDf)
    .map(([s]) => s)
    .sort();
  const index = new Map(kept.map((s, i) => [s, i]));
  const idf = Float64Array.from(kept, (s) => Math.log(n / (df.get(s) ?? 1)));
  const surfaces = kept.map((s) => mostFrequent(surfaceCounts.get(s) ?? new Map()));
  const vectors = docs.map((doc) => vectorOf(doc, index, idf));
  return { stems: kept, surfaces, idf, vectors, templates };
}

function mostFrequent(counts: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [word, count] of counts) {
    if (count > bestCount || (count === bestCount && word < best)) {
      best = word;
      bestCount = count;
    }
  }
  return best;
}

/** The unit TF-IDF vector of one text's stems over a vocabulary (terms outside it are ignored). */
export function vectorOf(
  doc: readonly { stem: string }[],
  index: ReadonlyMap<string, number>,
  idf: ArrayLike<number>,
): SparseVector {
  const tf = new Map<number, number>();
  for (const { stem: s } of doc) {
    const term = index.get(s);
    if (term !== undefined) tf.set(term, (tf.get(term) ?? 0) + 1);
  }
  const terms = Int32Array.from([...tf.keys()].sort((a, b) => a - b));
  const weights = Float64Array.from(terms, (t) => (1 + Math.log(tf.get(t) ?? 1)) * idf[t]);
  let norm = 0;
  for (const w of weights) norm += w * w;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < weights.length; i++) weights[i] /= norm;
  return { terms, weights };
}

/** Dot product of a sparse vector with a dense one (a centroid). */
export function dotDense(v: SparseVector, dense: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < v.terms.length; i++) sum += v.weights[i] * dense[v.terms[i]];
  return sum;
}

/** The top `count` term indexes of a dense vector by weight (ties: the lower index). */
export function topTerms(dense: Float64Array, count: number): number[] {
  const order: number[] = [];
  for (let t = 0; t < dense.length; t++) if (dense[t] > 0) order.push(t);
  order.sort((a, b) => dense[b] - dense[a] || a - b);
  return order.slice(0, count);
}
