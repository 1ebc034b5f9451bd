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

/**
 * What the social-media tokeniser tells apart (`socialTokens`):
 * - `word`: letters and digits, lower case, «ё» as «е», letters stretched three times or more shrunk to one
 *   («клааасс» → «класс»);
 * - `url`, `mention` (`@name`, VK's `[id1|Имя]`), `rt` (a retweet mark): kept as their kind only, so an
 *   address's parts or a nickname never become words;
 * - `hashtag`: its word follows as a `word` token;
 * - `number`: digits (with a decimal part);
 * - `smile` and `frown`: emoticons (`:)`, `:-(`, `xD`, `<3`, `^_^`) and the brackets of Russian posts:
 *   `)))`, a `)` with no `(` open before it, `(((`, a `(` that opens nothing;
 * - `emoji`: one pictograph (its text is the emoji without variation selectors or skin tones);
 * - `mark`: `!`, `!!` (two or more), `?`, `?!`, `…` (also `...`), and `"` / `«»` around a short phrase (irony).
 */
export type TokenKind =
  | 'word'
  | 'number'
  | 'url'
  | 'mention'
  | 'rt'
  | 'hashtag'
  | 'smile'
  | 'frown'
  | 'emoji'
  | 'mark';

export interface Token {
  kind: TokenKind;
  /** The normalised text: the word, the emoji, the mark; empty for url, mention and rt. */
  text: string;
  /** A word written in capitals (three letters or more). */
  caps?: boolean;
  /** A word whose letters were stretched («оооочень»). */
  stretched?: boolean;
}

const SOCIAL =
  /(https?:\/\/\S+|www\.[^\s/]+\.\S+)|(\[(?:id|club|public)\d+\|[^\]\n]{0,80}\]|@[\p{L}\p{N}_.]+)|(?:^|(?<=\s))(#)(?=[\p{L}\p{N}_])|(<3|[:;=8][-^'o]?[)\]dDpPрР*3]+|[xXхХ]-?[dDдД]\b|\^[_.-]?\^)|(:'?-?[([/\\|]+|[:;=]-?[cсCС]\b)|(\)+)|(\(+)|(\p{Extended_Pictographic}(?:\u200d\p{Extended_Pictographic})*)|([\p{L}\p{N}]+)|(\?!|!\?|!{2,}|!|\?+|\.{3,}|…)|(«[^»\n]{1,30}»|"[^"\n]{1,30}")/gu;
const STRETCHED = /(\p{L})\1{2,}/gu;
const DIGITS = /^\p{N}+$/u;

/**
 * The tokens of a social-media post, in order (see TokenKind). Brackets are read as Russian posts use them:
 * a run of `)` closes an opened `(` first and is a smile otherwise; a `(` followed by a letter opens, a lone
 * or repeated `(` is a frown.
 */
export function socialTokens(text: string): Readonly<Token>[] {
  const out: Readonly<Token>[] = [];
  let open = 0;
  for (const m of text.matchAll(SOCIAL)) {
    if (m[1] !== undefined) out.push({ kind: 'url', text: '' });
    else if (m[2] !== undefined) out.push({ kind: 'mention', text: '' });
    else if (m[3] !== undefined) out.push({ kind: 'hashtag', text: '' });
    else if (m[4] !== undefined) out.push({ kind: 'smile', text: m[4] });
    else if (m[5] !== undefined) out.push({ kind: 'frown', text: m[5] });
    else if (m[6] !== undefined) {
      const run = m[6].length;
      const closed = Math.min(open, run);
      open -= closed;
      if (run > closed) out.push({ kind: 'smile', text: ')' });
    } else if (m[7] !== undefined) {
      const next = text.charAt((m.index ?? 0) + m[7].length);
      if (m[7].length === 1 && /[\p{L}\p{N}"«]/u.test(next)) open++;
      else out.push({ kind: 'frown', text: '(' });
    } else if (m[8] !== undefined) out.push({ kind: 'emoji', text: m[8] });
    else if (m[9] !== undefined) out.push(wordToken(m[9]));
    else if (m[10] !== undefined)
      out.push({
        kind: 'mark',
        text: m[10] === '…' || m[10].startsWith('.') ? '…' : m[10].length > 2 ? '!!' : m[10],
      });
    else if (m[11] !== undefined) {
      out.push({ kind: 'mark', text: '«»' });
      for (const inner of socialTokens(m[11].slice(1, -1))) out.push(inner);
    }
  }
  return out;
}

/** At most this many distinct raw words keep their token cached; the cache is dropped whole beyond it. */
const WORD_CACHE_LIMIT = 200_000;
const wordCache = new Map<string, Readonly<Token>>();

/** The token of a run of letters and digits (cached: posts repeat their words). Shared: never mutate it. */
function wordToken(raw: string): Readonly<Token> {
  let token = wordCache.get(raw);
  if (token === undefined) {
    token = Object.freeze(readWord(raw));
    if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
    wordCache.set(raw, token);
  }
  return token;
}

function readWord(raw: string): Token {
  const lower = raw.toLowerCase().replace(/ё/g, 'е');
  if (DIGITS.test(lower)) return { kind: 'number', text: lower };
  if (lower === 'rt' && raw === 'RT') return { kind: 'rt', text: '' };
  const shrunk = lower.replace(STRETCHED, '$1');
  const token: Token = { kind: 'word', text: shrunk };
  if (raw.length >= 3 && raw === raw.toUpperCase() && raw !== lower) token.caps = true;
  if (shrunk !== lower) token.stretched = true;
  return token;
}

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
