import type { Mood } from '@monitoring/contracts';
import { moodSentences } from '../demo/generate/mood-voice.ts';
import { Random } from '../demo/random.ts';

const TOPICS = [
  'В городе обсуждают ремонт дороги на Садовой.',
  'Новая школа открылась в микрорайоне.',
  'Тема благоустройства парка снова в центре внимания.',
  'Жители пишут про вывоз мусора.',
  'На этой неделе много вопросов по транспорту.',
];

/** Moods in the demo's proportions (demo/generate/pickers.ts moodFor, no attitude). */
const WEIGHTS: readonly (readonly [Mood, number])[] = [
  [1, 22],
  [6, 10],
  [3, 38],
  [4, 5],
  [2, 17],
  [5, 8],
];

/**
 * Labelled texts for the mood model's tests and bench, written by the demo's generator of evaluations
 * (demo/generate/mood-voice.ts): a topic sentence without mood, then the mood's sentences. `even` gives
 * every mood the same count.
 */
export function moodCorpus(count: number, seed = 1, even = false): { text: string; mood: Mood }[] {
  const random = new Random(seed);
  const out: { text: string; mood: Mood }[] = [];
  for (let i = 0; i < count; i++) {
    const mood = even ? (((i % 6) + 1) as Mood) : random.weighted(WEIGHTS);
    out.push({ text: `${random.pick(TOPICS)} ${moodSentences(seed * 1_000_003 + i, mood)}`, mood });
  }
  return out;
}
