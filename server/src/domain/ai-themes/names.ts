import { RUSSIAN_STOPWORDS, stem } from '../text/tokens.ts';

/**
 * Names of AI proposals and their info reasons (docs/ai-themes.md "Names"): the most characteristic phrase of a
 * cluster's messages against the rest — a bigram or trigram of adjacent words, with no stop word and no generic word
 * in it, in the surface forms the messages use most often, in sentence case («Капитальный ремонт школ»).
 */

/**
 * Words that never make a name: the tokeniser's stop words and the other function words (pronouns, prepositions,
 * particles, conjunctions, auxiliaries) whose every form is listed, since they are matched as written.
 */
export const NAME_STOP_WORDS: ReadonlySet<string> = new Set([
  ...RUSSIAN_STOPWORDS,
  ...(
    'наша наше наши нашего нашей нашему нашим нашими нашем нашу ваш ваша ваше ваши вашего вашей вашему вашим ' +
    'вашем вашу свой своя свое свои своего своей своему своим своими своем свою мой моя мое мои моего моей ' +
    'моему моим моем мою твой твоя твое твои себя себе собой меня тебя тебе нас нам нами ним ней нем нему ' +
    'его ее их него нее них ему им ими всем всеми всему всю вся всё сам сама само сами самого самой самим ' +
    'какой какая какое какие какого какой каким каком какую такая такое такие такого таким таком такую ' +
    'этим этими эту тот та те тех теми тому той чья чьи кого кому чем ком про через после перед между около ' +
    'возле вокруг среди ради вместо кроме сквозь вдоль против из-за из-под по-новому пока лишь ведь вот вон ' +
    'бы же ли разве неужели уж именно почти совсем снова опять тоже также еще уже потом затем тогда теперь ' +
    'здесь тут там туда сюда откуда куда где почему зачем как так насколько сколько столько много мало ' +
    'можно нужно надо нельзя будто словно чтоб либо нибудь то-то кое пусть давайте вновь был были была было ' +
    'быть будет будут буду будем есть стал стала стали стало являются является'
  ).split(' '),
]);

/**
 * Words that say nothing of a topic: the news and channel filler («новости», «подробности», «коротко», «делимся»,
 * «подборкой»), words of speech and report («говорят», «сообщают», «отметили», «зафиксировали»), evaluations
 * («важном», «интересных», «правда»), and time words (days, months, «года», «неделе»). Matched by stem, so one form
 * covers the others.
 */
export const GENERIC_WORDS: readonly string[] = (
  'новость новости новостей подробности подробнее главное главном важное важном важная важен интересных интересные ' +
  'интересное коротко делимся поделиться подборкой подборка выпуск канал канале каналу подписчики подписчиков ' +
  'подписывайтесь читатели читателей редакция редакцию эфир эфире источник источнике источники данным данные ' +
  'говорят говорить рассказали рассказывают рассказать сообщают сообщили сообщить сообщение пишут пишите ' +
  'пишет написали обещают обещает обещали отметили отмечают зафиксировали заявили объявили назначено ' +
  'назначили хотим поговорить обсуждают обсудили комментирует ситуация ситуацию вопрос вопросы вопросов ' +
  'тема теме тему темы правда конечно наконец кстати просто вообще очень ' +
  'понедельник вторник среда среду четверг пятница пятницу суббота субботу воскресенье ' +
  'январь января февраль февраля март марта апрель апреля май мая июнь июня июль июля август августа ' +
  'сентябрь сентября октябрь октября ноябрь ноября декабрь декабря ' +
  'год года году лет месяц месяца неделя недели неделе день дня дней утро вечер время сегодня вчера завтра ' +
  'зима зиме зимой весна весне весной лето летом осень осенью ' +
  'второй первый третий начала начало конца конец итоги подвели прошло состоялось идут изменений ' +
  'новый новая новое новые новому друзья внимание жители горожане горожан человек люди'
).split(' ');

const normal = (word: string) => word.toLowerCase().replace(/ё/gu, 'е');
const GENERIC_STEMS: ReadonlySet<string> = new Set(GENERIC_WORDS.map((w) => stem(normal(w))));

/** A word that no name may hold: a stop word (as written), a generic word (by stem), a number, a lone letter. */
export function isNameFiller(word: string): boolean {
  const w = normal(word);
  return w.length < 2 || /\d/u.test(w) || NAME_STOP_WORDS.has(w) || GENERIC_STEMS.has(stem(w));
}

/** Phrases are 2 or 3 adjacent words; one word only when a cluster has no phrase at all. */
const MIN_WORDS = 2;
const MAX_WORDS = 3;
/** A phrase names a cluster only if at least this many of its texts, and this share of them, contain it. */
const MIN_TEXTS = 2;
const MIN_SHARE = 0.15;

interface PhraseStats {
  /** Texts (of all) that contain the phrase. */
  df: number;
  /** Its spellings (case kept, the first word of a sentence in lower case) and how often each occurs. */
  spellings: Map<string, number>;
  words: number;
}

/** The phrases of a set of texts, for naming clusters of them. */
export interface PhraseIndex {
  texts: number;
  /** Text index → the keys (stems joined by spaces) of its distinct phrases of 1..3 words. */
  keysOf: string[][];
  stats: Map<string, PhraseStats>;
}

const SEGMENT = /[.!?…:;,()«»"“”„—–\n\r\t]+|\s-\s/u;
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** Builds the phrase index of the texts (their template sentences already left out). */
export function phraseIndex(texts: readonly string[]): PhraseIndex {
  const stats = new Map<string, PhraseStats>();
  // A word's stem, or null for a filler word: computed once per distinct word (stemming is most of the cost).
  const stems = new Map<string, string | null>();
  const stemOf = (word: string) => {
    let known = stems.get(word);
    if (known === undefined) {
      known = isNameFiller(word) ? null : stem(normal(word));
      stems.set(word, known);
    }
    return known;
  };
  const keysOf = texts.map((text) => {
    const keys = new Set<string>();
    for (const sentence of text.split(/(?<=[.!?…])\s+|\n+/u)) {
      let sentenceStart = true;
      for (const segment of sentence.split(SEGMENT)) {
        const found = segment.match(WORD) ?? [];
        let run: { stem: string; spelling: string }[] = [];
        const flush = () => {
          for (let i = 0; i < run.length; i++) {
            for (let n = 1; n <= MAX_WORDS && i + n <= run.length; n++) {
              const part = run.slice(i, i + n);
              const key = part.map((p) => p.stem).join(' ');
              const spelling = part.map((p) => p.spelling).join(' ');
              let s = stats.get(key);
              if (!s) {
                s = { df: 0, spellings: new Map(), words: n };
                stats.set(key, s);
              }
              s.spellings.set(spelling, (s.spellings.get(spelling) ?? 0) + 1);
              if (!keys.has(key)) {
                keys.add(key);
                s.df++;
              }
            }
          }
          run = [];
        };
        for (const word of found) {
          const first = sentenceStart;
          sentenceStart = false;
          const wordStem = stemOf(word);
          if (wordStem === null) {
            flush();
            continue;
          }
          // A capital that only starts the sentence is no part of the word («Новая набережная» → «новая»).
          const spelling = first && word !== word.toUpperCase() ? word.toLowerCase() : word;
          run.push({ stem: wordStem, spelling });
        }
        flush();
      }
    }
    return [...keys];
  });
  return { texts: texts.length, keysOf, stats };
}

function mostFrequent(counts: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [spelling, count] of counts) {
    if (count > bestCount || (count === bestCount && spelling < best)) {
      best = spelling;
      bestCount = count;
    }
  }
  return best;
}

/** Sentence case: the first letter a capital, the rest as written («улице Ленина» → «Улице Ленина»). */
export function sentenceCase(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/**
 * The names a cluster (text indexes `members`) could take, best first: its phrases contained in at least
 * MIN_TEXTS and MIN_SHARE of its texts, scored by how characteristic they are of it against the rest —
 * `a · ln(N / df)`, `a` the cluster's texts containing the phrase, `df` all texts containing it (ties: the longer
 * phrase, then the alphabetically first). Phrases of 2–3 words come first, then single words.
 */
export function namesOf(index: PhraseIndex, members: readonly number[]): string[] {
  const inCluster = new Map<string, number>();
  for (const i of members)
    for (const key of index.keysOf[i]) inCluster.set(key, (inCluster.get(key) ?? 0) + 1);
  const min = Math.max(MIN_TEXTS, Math.ceil(members.length * MIN_SHARE));
  const ranked = (minWords: number, maxWords = MAX_WORDS) =>
    [...inCluster.entries()]
      .map(([key, a]) => ({ key, a, stats: index.stats.get(key) as PhraseStats }))
      .filter(
        ({ a, stats }) =>
          a >= min && stats.words >= minWords && stats.words <= maxWords && stats.df < index.texts,
      )
      .map(({ key, a, stats }) => ({ key, stats, score: a * Math.log(index.texts / stats.df) }))
      .sort(
        (x, y) =>
          y.score - x.score || y.stats.words - x.stats.words || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0),
      )
      .map(({ stats }) => sentenceCase(mostFrequent(stats.spellings)));
  return [...ranked(MIN_WORDS), ...ranked(1, 1)];
}
