import { words } from './tokens.ts';

/**
 * Near-duplicate texts (docs/ingestion.md "Copies"): word shingles, MinHash and LSH banding.
 *
 * - A text's shingles are its runs of SHINGLE_WORDS consecutive words (`words` of tokens.ts: lower case, «ё» as
 *   «е», punctuation and emoji dropped), hashed to 32 bits.
 * - Its signature holds, for each of BANDS × ROWS hash functions h(x) = a·x + b (mod 2^32), the least value over
 *   the shingles; two texts agree in one position with the probability of their Jaccard similarity.
 * - The signature is cut into BANDS bands of ROWS values; each band is hashed to a key. Texts that share a key
 *   are candidates, and a candidate is a near-duplicate when the exact Jaccard similarity of the two shingle
 *   sets is at least NEAR_DUPLICATE_JACCARD. With 8 bands of 4 rows a pair at 0.7 becomes a candidate with
 *   probability 1 − (1 − 0.7⁴)⁸ ≈ 0.89, at 0.8 ≈ 0.99, at 0.3 ≈ 0.06.
 */

export const SHINGLE_WORDS = 3;
export const BANDS = 8;
export const ROWS = 4;
/** The least Jaccard similarity of the shingle sets of two texts that are near-duplicates. */
export const NEAR_DUPLICATE_JACCARD = 0.7;
/** Texts of fewer words have no band keys: "Да", "Согласен!" repeat without being copies. */
export const MIN_WORDS = 6;

/** 32-bit FNV-1a of a string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit mixer (murmur3's finaliser), so that a·x + b sees well-spread inputs. */
function mix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// Fixed coefficients (a odd), from a seeded sequence: the same text gets the same keys in every process.
const HASHES = BANDS * ROWS;
const A = new Uint32Array(HASHES);
const B = new Uint32Array(HASHES);
for (let i = 0, seed = 0x9e3779b9; i < HASHES; i++) {
  seed = mix(seed + i + 1);
  A[i] = (mix(seed ^ 0x5bd1e995) | 1) >>> 0;
  B[i] = mix(seed ^ 0x27d4eb2f);
}

/** The distinct shingle hashes of a text (its words when it has fewer than SHINGLE_WORDS). */
export function shingles(text: string): Set<number> {
  return shinglesOf(words(text));
}

function shinglesOf(list: readonly string[]): Set<number> {
  const out = new Set<number>();
  if (list.length < SHINGLE_WORDS) {
    for (const w of list) out.add(fnv1a(w));
    return out;
  }
  for (let i = 0; i + SHINGLE_WORDS <= list.length; i++) {
    out.add(fnv1a(list.slice(i, i + SHINGLE_WORDS).join(' ')));
  }
  return out;
}

/** The exact Jaccard similarity of two shingle sets. */
export function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  for (const x of small) if (large.has(x)) both++;
  return both / (a.size + b.size - both);
}

/** The MinHash signature of a shingle set (BANDS × ROWS values). */
export function signature(set: ReadonlySet<number>): Uint32Array {
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (const s of set) {
    const x = mix(s);
    for (let i = 0; i < HASHES; i++) {
      const v = (Math.imul(A[i], x) + B[i]) >>> 0;
      if (v < sig[i]) sig[i] = v;
    }
  }
  return sig;
}

/**
 * The LSH band keys of a text: band i's key is i · 2^32 + a 32-bit hash of its ROWS values, so keys of
 * different bands never meet. Empty for a text of fewer than MIN_WORDS words.
 */
export function bandKeysOf(set: ReadonlySet<number>, wordCount: number): number[] {
  if (wordCount < MIN_WORDS || set.size === 0) return [];
  const sig = signature(set);
  const keys: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    let h = 0x811c9dc5 ^ band;
    for (let r = 0; r < ROWS; r++) h = mix(Math.imul(h ^ sig[band * ROWS + r], 0x01000193));
    keys.push(band * 2 ** 32 + h);
  }
  return keys;
}

/** Shingles and band keys of a text, computed once. */
export interface TextPrint {
  shingles: Set<number>;
  keys: number[];
}

export function textPrint(text: string, list: readonly string[] = words(text)): TextPrint {
  const set = shinglesOf(list);
  return { shingles: set, keys: bandKeysOf(set, list.length) };
}
