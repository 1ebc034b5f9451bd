import { RUSSIAN_STOPWORDS, stem, words } from '../text/tokens.ts';

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

/** The hash of a pair from the hashes of its parts (order matters). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const NEGATED = fnv1a('¬');
const MARKS = {
  exclamation: fnv1a('#!'),
  question: fnv1a('#?'),
  ellipsis: fnv1a('#…'),
  quoted: fnv1a('#«»'),
};

/** A sparse feature vector: distinct bucket indexes and their values. */
export interface Features {
  indexes: Uint32Array;
  values: Float32Array;
}

/**
 * The hashed features of one text (see the file comment). One pass over the tokeniser's words: the same
 * words `stems()` keeps (no stop words, no one-letter words) give stems; a negation word marks the next
 * kept stem (so «не очень хорошо» negates «хорош»).
 */
export function featuresOf(
  text: string,
  hashBits: number = HASH_BITS,
  /** The text's words when the caller has them already (`words(text)`). */
  list: readonly string[] = words(text),
): Features {
  const mask = (1 << hashBits) - 1;
  const hashes: number[] = [];
  let previous = -1;
  let negated = false;
  for (const word of list) {
    if (NEGATIONS.has(word)) negated = true;
    if (word.length < 2 || RUSSIAN_STOPWORDS.has(word)) continue;
    const h = fnv1a(stem(word));
    hashes.push(h);
    if (previous >= 0) hashes.push(mix(previous, h));
    if (negated) hashes.push(mix(NEGATED, h));
    negated = false;
    previous = h;
  }
  if (text.includes('!')) hashes.push(MARKS.exclamation);
  if (text.includes('?')) hashes.push(MARKS.question);
  if (text.includes('...') || text.includes('…')) hashes.push(MARKS.ellipsis);
  if (/[«"][^»"]{1,30}[»"]/.test(text)) hashes.push(MARKS.quoted);
  const buckets = Uint32Array.from(hashes, (h) => h & mask).sort();
  let n = 0;
  for (let i = 0; i < buckets.length; i++)
    if (i === 0 || buckets[i] !== buckets[i - 1]) buckets[n++] = buckets[i];
  const indexes = buckets.slice(0, n);
  const value = n > 0 ? 1 / Math.sqrt(n) : 0;
  return { indexes, values: new Float32Array(n).fill(value) };
}
