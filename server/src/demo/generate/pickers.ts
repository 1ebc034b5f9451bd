import { DAY_MS } from '../../domain/moscow-calendar.ts';
import type { Random } from '../random.ts';
import type { InfoReasonInfo, LomInfo, ThemeInfo, World } from './context.ts';

/** Draws from a fixed weighted list in O(log n) with a cumulative table. */
export class WeightedTable<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    items.forEach((item, i) => {
      sum += weight(item);
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  pick(random: Random): T {
    const r = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}

export const MESSAGE_TYPES: readonly (readonly [number, number])[] = [
  [0, 70],
  [1, 12],
  [8, 8],
  [101, 5],
  [102, 5],
];

export const STATES: readonly (readonly [number, number])[] = [
  [1, 8],
  [2, 22],
  [3, 60],
  [4, 10],
];

/** Mood of a classified message: follows the campaign's target a little and the lom's attitude more. */
export function moodFor(random: Random, target: number | null, attitude: number): number {
  const positive = 1 + attitude * 0.8;
  const negative = Math.max(0.15, 1 - attitude * 0.6);
  const boost = (moods: number[], m: number) => (target !== null && moods.includes(target) ? m : 1);
  return random.weighted([
    [1, 22 * positive * boost([1, 6], 1.5)],
    [6, 10 * positive * boost([1, 6], 1.5)],
    [3, 38 * boost([3], 1.4)],
    [4, 5],
    [2, 17 * negative * boost([2, 5], 1.5)],
    [5, 8 * negative * boost([2, 5], 1.5)],
  ]);
}

/** Picks the theme and info reason of a message written at `at`. */
export class TopicPicker {
  private readonly regular: WeightedTable<ThemeInfo>;

  constructor(world: World) {
    this.regular = new WeightedTable(world.themes, (t) => t.weight);
  }

  pick(random: Random, at: number): { theme: ThemeInfo; reason: InfoReasonInfo | null } {
    const theme = this.regular.pick(random);
    const active = theme.reasons.filter((r) => r.from <= at && at <= r.to);
    return { theme, reason: active.length ? random.pick(active) : null };
  }
}

/** The account of `lom` a message comes from: bigger audiences post more. */
export function pickLomSource(random: Random, lom: LomInfo) {
  if (lom.sources.length === 1) return lom.sources[0];
  return random.weighted(lom.sources.map((s) => [s, Math.sqrt(s.coverage) + 10] as const));
}

/** The nearest news story about the reason within five days, if any. */
export function nearestNews(
  list: readonly { id: number; at: number }[] | undefined,
  at: number,
): number | null {
  if (!list?.length) return null;
  let best: { id: number; at: number } | null = null;
  for (const item of list) {
    if (!best || Math.abs(item.at - at) < Math.abs(best.at - at)) best = item;
  }
  return best && Math.abs(best.at - at) <= 5 * DAY_MS ? best.id : null;
}
