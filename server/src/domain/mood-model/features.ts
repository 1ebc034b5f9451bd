import { RUSSIAN_STOPWORDS, socialTokens, stem, type Token } from '../text/tokens.ts';

/**
 * The features of a message text for the mood model (docs/mood-model.md "Features"), from the shared
 * social-media tokeniser (domain/text/tokens.ts `socialTokens`):
 * - the Snowball stem of every kept word (no stop words, no one-letter words), and the pairs of
 *   neighbouring stems ("не нравит", "отличн работ");
 * - negation scope: after «не», «нет», «ни», «без» the next kept stems up to the next mark, smiley or
 *   emoji (at most NEGATION_SCOPE of them) are also features of their own ("¬нрав");
 * - character n-grams of every word, CHAR_MIN..CHAR_MAX letters within the word and its boundaries
 *   («<клас», «асс>»): they survive misspellings and word forms the stemmer does not join;
 * - the kind of every token that is not a word (a smile, a frown, an emoji and the emoji itself, a URL, a
 *   mention, a hashtag, a number, «RT»), the marks («!», «!!», «?», «?!», «…», a short quoted phrase), words
 *   in capitals and stretched words.
 * Each feature string is hashed (FNV-1a, 32 bits) into 2^HASH_BITS buckets, so the model has a fixed size
 * whatever the vocabulary. Values are binary, each group scaled by its weight (FeatureSettings), and the
 * vector is L2-normalised, so long posts do not outweigh short ones.
 */

/** 2^19 buckets: the character n-grams of real posts fit with few collisions (2^20 scored the same on validation, at twice the size). */
export const HASH_BITS = 19;
/** Bumped when the features change: a model stored with another version is not used. */
export const FEATURE_VERSION = 2;

export interface FeatureSettings {
  /** Character n-grams from CHAR_MIN to CHAR_MAX letters (0 turns them off). */
  charMin: number;
  charMax: number;
  /** The weight of a character n-gram beside a stem's 1. */
  charWeight: number;
  /** The weight of a pair of neighbouring stems. */
  pairWeight: number;
  /** The weight of a non-word token and of a mark. */
  signWeight: number;
  /** Kept stems after a negation that are negated. */
  negationScope: number;
  /** Character n-grams over the text's words joined by spaces (across words), not only within words. */
  crossWords: boolean;
}

/** Chosen on validation splits of RuSentiment's training files (docs/mood-model.md "How the features were chosen"). */
export const DEFAULT_FEATURES: FeatureSettings = {
  charMin: 1,
  charMax: 6,
  charWeight: 0.5,
  pairWeight: 0.5,
  signWeight: 1,
  negationScope: 3,
  crossWords: true,
};

/** Only the first this many characters of a text give features: a mood shows long before, and cost stays bounded. */
export const MAX_FEATURE_CHARS = 20_000;

const NEGATIONS: ReadonlySet<string> = new Set(['не', 'нет', 'ни', 'без']);

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnv1a(text: string, hash: number = FNV_OFFSET): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

/** The hash of a pair from the hashes of its parts (order matters). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const NEGATED = fnv1a('¬');
const PAIR = fnv1a('+');
const CHARS = fnv1a('#c');
const SIGN = fnv1a('#s');
const CAPS = fnv1a('#caps');
const STRETCHED = fnv1a('#stretched');
/** The smileys and emoji counted as one kind too, whatever their form. */
const KIND: Record<Token['kind'], number> = {
  word: fnv1a('#word'),
  number: fnv1a('#number'),
  url: fnv1a('#url'),
  mention: fnv1a('#mention'),
  rt: fnv1a('#rt'),
  hashtag: fnv1a('#hashtag'),
  smile: fnv1a('#smile'),
  frown: fnv1a('#frown'),
  emoji: fnv1a('#emoji'),
  mark: fnv1a('#mark'),
};

/** A sparse feature vector: distinct bucket indexes and their values. */
export interface Features {
  indexes: Uint32Array;
  values: Float32Array;
}

/**
 * Collects hashed features and folds them into distinct buckets as they come (a repeated feature counts
 * once, at its largest weight): an open-addressing table stamped per text, reused from text to text, so a
 * text costs no sort and no garbage but its two result arrays.
 */
class FeatureBag {
  private size = 4096;
  private slots = new Int32Array(this.size);
  private stamps = new Uint32Array(this.size);
  private positions = new Uint32Array(this.size);
  private stamp = 1;
  private indexes = new Uint32Array(this.size);
  private values = new Float32Array(this.size);
  private n = 0;
  constructor(
    private readonly mask: number,
    private readonly classWeights: readonly number[],
  ) {}
  add(hash: number, weightClass: number) {
    if (this.n * 2 >= this.size) this.grow();
    this.put(hash & this.mask, this.classWeights[weightClass]);
  }
  private put(bucket: number, weight: number) {
    const last = this.size - 1;
    let h = Math.imul(bucket, 0x9e3779b1) >>> 0;
    for (; ; h++) {
      const slot = h & last;
      if (this.stamps[slot] !== this.stamp) {
        this.stamps[slot] = this.stamp;
        this.slots[slot] = bucket;
        this.positions[slot] = this.n;
        this.indexes[this.n] = bucket;
        this.values[this.n++] = weight;
        return;
      }
      if (this.slots[slot] === bucket) {
        const at = this.positions[slot];
        if (weight > this.values[at]) this.values[at] = weight;
        return;
      }
    }
  }
  private grow() {
    const indexes = this.indexes.slice(0, this.n);
    const values = this.values.slice(0, this.n);
    this.size *= 2;
    this.slots = new Int32Array(this.size);
    this.stamps = new Uint32Array(this.size);
    this.positions = new Uint32Array(this.size);
    this.indexes = new Uint32Array(this.size);
    this.values = new Float32Array(this.size);
    this.stamp = 1;
    this.n = 0;
    for (let i = 0; i < indexes.length; i++) this.put(indexes[i], values[i]);
  }
  features(): Features {
    const m = this.n;
    let norm = 0;
    for (let i = 0; i < m; i++) norm += this.values[i] * this.values[i];
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const values = this.values.slice(0, m);
    for (let i = 0; i < m; i++) values[i] *= scale;
    const indexes = this.indexes.slice(0, m);
    this.n = 0;
    this.stamp = (this.stamp + 1) >>> 0 || 1;
    if (this.stamp === 1) this.stamps.fill(0);
    return { indexes, values };
  }
}

/** The weight classes of FeatureBag: a stem, a character n-gram, a pair of stems, a sign. */
const STEM = 0;
const GRAM = 1;
const PAIR_CLASS = 2;
const SIGN_CLASS = 3;

/** The character n-grams of one word within its boundaries («<» and «>»), hashed incrementally. */
function addCharGrams(bag: FeatureBag, word: string, settings: FeatureSettings) {
  const { charMin, charMax, charWeight } = settings;
  if (charMin <= 0 || charWeight <= 0) return;
  const padded = `<${word}>`;
  for (let start = 0; start < padded.length; start++) {
    let h = CHARS;
    for (let n = 1; n <= charMax && start + n <= padded.length; n++) {
      h = Math.imul(h ^ padded.charCodeAt(start + n - 1), FNV_PRIME) >>> 0;
      if (n >= charMin && !(n === 1 && (start === 0 || start === padded.length - 1))) bag.add(h, GRAM);
    }
  }
}

let reused: { hashBits: number; settings: FeatureSettings; bag: FeatureBag } | null = null;

/** One bag per hash size and settings, reused from text to text (the server is one thread). */
function bagFor(hashBits: number, settings: FeatureSettings): FeatureBag {
  if (reused?.hashBits !== hashBits || reused.settings !== settings) {
    const weights = [1, settings.charWeight, settings.pairWeight, settings.signWeight];
    reused = { hashBits, settings, bag: new FeatureBag((1 << hashBits) - 1, weights) };
  }
  return reused.bag;
}

/** The hashed features of one text (see the file comment). */
export function featuresOf(
  text: string,
  hashBits: number = HASH_BITS,
  settings: FeatureSettings = DEFAULT_FEATURES,
): Features {
  const bag = bagFor(hashBits, settings);
  let previous = -1;
  let negation = 0;
  const joined: string[] = [];
  for (const token of socialTokens(
    text.length > MAX_FEATURE_CHARS ? text.slice(0, MAX_FEATURE_CHARS) : text,
  )) {
    if (token.kind !== 'word') {
      bag.add(KIND[token.kind], SIGN_CLASS);
      if (
        token.kind === 'emoji' ||
        token.kind === 'mark' ||
        token.kind === 'smile' ||
        token.kind === 'frown'
      ) {
        bag.add(fnv1a(token.text, SIGN), SIGN_CLASS);
        negation = 0;
      }
      if (token.kind !== 'number') previous = -1;
      continue;
    }
    const word = token.text;
    if (token.caps) bag.add(CAPS, SIGN_CLASS);
    if (token.stretched) bag.add(STRETCHED, SIGN_CLASS);
    if (NEGATIONS.has(word)) {
      negation = settings.negationScope;
      continue;
    }
    if (settings.crossWords) joined.push(word);
    if (word.length < 2) continue;
    if (!settings.crossWords) addCharGrams(bag, word, settings);
    if (RUSSIAN_STOPWORDS.has(word)) continue;
    const h = fnv1a(stem(word));
    bag.add(h, STEM);
    if (previous >= 0 && settings.pairWeight > 0) bag.add(mix(mix(PAIR, previous), h), PAIR_CLASS);
    if (negation > 0) {
      bag.add(mix(NEGATED, h), STEM);
      negation--;
    }
    previous = h;
  }
  if (settings.crossWords && joined.length > 0) addCharGrams(bag, joined.join(' '), settings);
  return bag.features();
}

/** Multiplies a text's features by per-bucket term weights and L2-normalises them again, in place. */
export function reweigh(features: Features, termWeights: Float32Array) {
  const { indexes, values } = features;
  let norm = 0;
  for (let i = 0; i < indexes.length; i++) {
    values[i] *= termWeights[indexes[i]];
    norm += values[i] * values[i];
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < values.length; i++) values[i] *= scale;
}
