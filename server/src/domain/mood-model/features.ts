import { stem, stems, words } from '../text/tokens.ts';

/**
 * The features of a message text for the mood model: hashed indicators of
 * - the Snowball stems of its words (the shared tokeniser, domain/text/tokens.ts; stop words dropped),
 * - the pairs of neighbouring stems ("не нравит", "отличн работ"), which carry what single words lose,
 * - negation: «не»/«нет»/«ни» are stop words for topics but turn a mood around, so the stem after one
 *   becomes its own feature ("¬нрав"),
 * - punctuation that carries mood in posts: «!», «?», «...» and quotation marks (irony, «отличная» работа).
 * Each feature string is hashed (FNV-1a, 32 bits) into 2^HASH_BITS buckets, so the model has a fixed
 * size whatever the vocabulary; the values are 1/√n (binary, L2-normalised), so long posts do not
 * outweigh short ones.
 */

/** 2^18 buckets: 262,144 weights per mood; collisions among the tens of thousands of real stems are rare. */
export const HASH_BITS = 18;
/** Bumped when the features change: a model stored with another version is not used. */
export const FEATURE_VERSION = 1;

const NEGATIONS: ReadonlySet<string> = new Set(['не', 'нет', 'ни', 'без']);

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A sparse feature vector: distinct bucket indexes and their values. */
export interface Features {
  indexes: Uint32Array;
  values: Float32Array;
}

/** The hashed features of one text (see the file comment). */
export function featuresOf(text: string, hashBits: number = HASH_BITS): Features {
  const mask = (1 << hashBits) - 1;
  const buckets = new Set<number>();
  const add = (feature: string) => buckets.add(fnv1a(feature) & mask);
  const list = stems(text);
  for (let i = 0; i < list.length; i++) {
    add(list[i]);
    if (i > 0) add(`${list[i - 1]} ${list[i]}`);
  }
  const all = words(text);
  for (let i = 0; i + 1 < all.length; i++) {
    if (NEGATIONS.has(all[i]) && all[i + 1].length > 1) add(`¬${stem(all[i + 1])}`);
  }
  if (text.includes('!')) add('#!');
  if (text.includes('?')) add('#?');
  if (text.includes('...') || text.includes('…')) add('#…');
  if (/[«"][^»"]{1,30}[»"]/.test(text)) add('#«»');
  const indexes = Uint32Array.from(buckets);
  const value = indexes.length > 0 ? 1 / Math.sqrt(indexes.length) : 0;
  return { indexes, values: new Float32Array(indexes.length).fill(value) };
}
