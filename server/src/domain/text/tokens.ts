import { stemmer } from '@orama/stemmers/russian';

/**
 * The one tokeniser of message text, shared by the mood model, the AI themes and the
 * near-duplicate search: lower case, «ё» as «е», words of letters and digits, Russian
 * Snowball stems (@orama/stemmers, the Snowball algorithm compiled to JavaScript, no
 * network, no dictionary file). Stop words are the common Russian function words, which
 * carry neither mood nor topic.
 */

const WORD = /[\p{L}\p{N}]+/gu;

export const RUSSIAN_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже для до его ' +
    'ее ей ему если есть еще же за здесь и из или им их к как ко когда кто ли либо мне может мы на над надо ' +
    'наш не него нее нет ни них но ну о об однако он она они оно от очень по под при с со так также такой там ' +
    'те тем то того тоже той только том ты у уже хотя чего чей чем что чтобы чье эта эти это я этот этой этого ' +
    'этом этих который которая которые которых которого было будет будут сегодня вчера завтра сейчас ещё'
  )
    .split(' ')
    .map((w) => w.replace(/ё/g, 'е')),
);

/** The words of a text, in order: lower case, «ё» as «е», letters and digits only. */
export function words(text: string): string[] {
  return text.toLowerCase().replace(/ё/g, 'е').match(WORD) ?? [];
}

/** At most this many distinct words keep their stem cached; the cache is dropped whole beyond it. */
const STEM_CACHE_LIMIT = 200_000;
const stemCache = new Map<string, string>();

/** The Snowball stem of one lower-case word. */
export function stem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = stemmer(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** The stems of a text's words, without stop words and one-letter words, in order. */
export function stems(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (word.length < 2 || RUSSIAN_STOPWORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}
