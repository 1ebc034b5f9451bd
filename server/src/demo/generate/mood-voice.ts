import { CLAUSES, FLAT, IRONY, LEADS, LOADED_NEUTRAL } from '../data/mood-texts.ts';
import { Random } from '../random.ts';

/**
 * The evaluation part of a demo message (docs/mood-model.md "Demo data"). It is drawn from a generator of
 * its own, seeded by the message, so the seed's other draws stay as they were and the text is the same on
 * every run. Of the posts:
 * - 7% are written in the voice of the neighbouring mood (1↔6, 2↔5, 3↔4): editors disagree on degree;
 * - 12% of negative and aggressive ones are ironic: words of praise, a mood of blame;
 * - 30% of neutral ones are news with loaded words (an accident, a court, a fire);
 * - 12% say nothing of their mood (only the context, which the text does not show, does);
 * - 18% mix in a clause of another mood («Правда, …»);
 * - the rest: a lead-in without mood and a clause of the mood, from pools of 10–18 clauses.
 */
const NEIGHBOUR: Record<number, number> = { 1: 6, 6: 1, 2: 5, 5: 2, 3: 4, 4: 3 };
const CONTRASTS = ['Правда,', 'Хотя', 'При этом', 'Впрочем,', 'Но'];

function sentence(random: Random, mood: number): string {
  const lead = random.pick(LEADS);
  const clause = random.pick(CLAUSES[mood]);
  const end =
    mood === 5 || mood === 6
      ? random.chance(0.6)
        ? '!'
        : '.'
      : mood === 4 && random.chance(0.5)
        ? '?'
        : '.';
  return `${lead} ${clause}${end}`;
}

/** A seed per message: its id spread over 32 bits. */
function voiceSeed(key: number): number {
  return Math.imul(key ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
}

/** One or two sentences of the mood of a demo message `key` (null mood reads as neutral). */
export function moodSentences(key: number, mood: number | null): string {
  const random = new Random(voiceSeed(key));
  let voice = mood ?? 3;
  if (random.chance(0.07)) voice = NEIGHBOUR[voice];
  const r = random.next();
  let text: string;
  if ((voice === 2 || voice === 5) && r < 0.12) text = random.pick(IRONY[voice]);
  else if (voice === 3 && r < 0.3) text = random.pick(LOADED_NEUTRAL);
  else if (r > 0.88) text = random.pick(FLAT);
  else text = sentence(random, voice);
  if (random.chance(0.18)) {
    const other = random.pick([1, 2, 3, 4, 5, 6].filter((m) => m !== voice));
    const clause = random.pick(CLAUSES[other]);
    text += ` ${random.pick(CONTRASTS)} ${clause}.`;
  }
  return text;
}
