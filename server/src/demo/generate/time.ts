import { DAY_MS, HOUR_MS, MOSCOW_OFFSET_MS } from '../../domain/moscow-calendar.ts';
import type { Random } from '../random.ts';

/** Moscow hours 0..23 weighted like the activity of social networks: mornings and evenings. */
const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 3, 5, 7, 8, 8, 8, 7, 7, 7, 7, 8, 9, 10, 10, 9, 6, 3].map(
  (w, hour) => [hour, w] as const,
);

/**
 * A moment within the last `days` days before `now`, recent days more likely (the
 * archive is thinner than this week) and Moscow daytime more likely than night.
 * Always three draws, whatever `now` is, so a seed yields the same sequence of
 * choices on any day (only the dates move).
 */
export function recentMoment(random: Random, now: number, days = 365): number {
  const todayMidnight = Math.floor((now + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS;
  const daysAgo = Math.floor(days * random.next() ** 1.6);
  const hour = random.weighted(HOUR_WEIGHTS);
  const t = todayMidnight - daysAgo * DAY_MS + hour * HOUR_MS + Math.floor(random.next() * HOUR_MS);
  // Later today than now: the same hour of the day before.
  return t <= now ? t : t - DAY_MS;
}

/** `count` moments sorted oldest first, so ids ascend with time and the table is stored in time order. */
export function sortedMoments(random: Random, count: number, now: number): Float64Array {
  const moments = new Float64Array(count);
  for (let i = 0; i < count; i++) moments[i] = recentMoment(random, now);
  return moments.sort();
}
