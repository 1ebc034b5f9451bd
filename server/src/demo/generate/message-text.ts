import {
  CLOSINGS,
  DETAILS,
  FREE_TOPICS,
  fill,
  lowerFirst,
  MONTHS_GENITIVE,
  MONTHS_PREPOSITIONAL,
  OPENINGS,
  OPINIONS,
  TOPICS,
} from '../data/texts.ts';
import type { Random } from '../random.ts';
import { moodSentences } from './mood-voice.ts';

export interface TextSpan {
  start: number;
  end: number;
}

export interface MessageText {
  text: string;
  /** Sentences worth a fragment (topic, detail, opinion), as offsets into text. */
  spans: TextSpan[];
  /** The opinion sentence: what a quote of the lom repeats. */
  opinion: TextSpan;
}

export interface TextInput {
  themeName: string | null;
  reasonName: string | null;
  city: string;
  mention: string;
  mood: number | null;
  /** Month 0..11 of the message, for "до конца мая". */
  month: number;
  /** The message's id: seeds its evaluation sentences (mood-voice.ts). */
  key: number;
}

/**
 * Assembles a message from sentence templates and records where each sentence lies.
 * Texts stay within the Basic Multilingual Plane (no emoji), so JavaScript offsets
 * equal PostgreSQL character offsets and fragments can be checked with substr().
 */
export function buildMessageText(random: Random, input: TextInput): MessageText {
  const ahead = (input.month + random.int(0, 2)) % 12;
  const values: Record<string, string> = {
    theme: input.themeName ?? '',
    // A message with a theme but no info reason speaks of its theme («» would read as a gap).
    reason: input.reasonName ?? input.themeName ?? '',
    reasonLower: lowerFirst(input.reasonName ?? input.themeName ?? ''),
    city: input.city,
    mention: input.mention,
    n: String(random.int(50, 5000)),
    pct: String(random.int(40, 90)),
    month: MONTHS_GENITIVE[ahead],
    month_prep: MONTHS_PREPOSITIONAL[ahead],
  };
  let text = '';
  const spans: TextSpan[] = [];
  const append = (sentence: string, fragmentable: boolean): TextSpan => {
    if (text) text += ' ';
    const span = { start: text.length, end: text.length + sentence.length };
    text += sentence;
    if (fragmentable) spans.push(span);
    return span;
  };

  if (random.chance(0.6)) append(random.pick(OPENINGS), false);
  append(fill(random.pick(input.themeName ? TOPICS : FREE_TOPICS), values), true);
  if (random.chance(0.5)) append(fill(random.pick(DETAILS), values), true);
  // The draw of the old fixed opinion stays, so every later draw of the seed comes out as before; the text
  // is the varied evaluation of mood-voice.ts (one fixed phrase per mood gave the mood away).
  random.pick(OPINIONS[input.mood ?? 3] ?? OPINIONS[3]);
  const opinion = append(moodSentences(input.key, input.mood), true);
  if (random.chance(0.5)) append(random.pick(CLOSINGS), false);
  if (random.chance(0.2)) append(`#${input.city.replace(/[\s-]/g, '')} #новости`, false);
  return { text, spans, opinion };
}

/** Word-level sentiment of the opinion sentence: [{ start, end, word, score }]. */
export function sentimentOf(text: string, opinion: TextSpan, mood: number | null, random: Random) {
  const sign = mood === 1 || mood === 6 ? 1 : mood === 2 || mood === 5 ? -1 : 0;
  const words: { start: number; end: number; word: string; score: number }[] = [];
  const pattern = /[А-Яа-яЁё-]{4,}/g;
  const sentence = text.slice(opinion.start, opinion.end);
  for (let match = pattern.exec(sentence); match && words.length < 6; match = pattern.exec(sentence)) {
    const score = Math.round((sign * random.float(0.3, 1) + random.float(-0.2, 0.2)) * 100) / 100;
    const start = opinion.start + match.index;
    words.push({ start, end: start + match[0].length, word: match[0], score });
  }
  return words;
}
