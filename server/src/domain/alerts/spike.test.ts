import { SPIKE_METRICS, SPIKE_SENSITIVITIES, type SpikeSensitivity } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_DAYS,
  evaluateNegativeShare,
  evaluateSpike,
  formatSpike,
  METRIC_UNIT,
  robustBaseline,
  SPIKE_RULES,
  type SpikeValue,
  spikeDrivers,
  spikeWindows,
  spreadFloor,
} from './spike.ts';

/** A seeded PRNG (mulberry32): the same series on every run. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;

const normal = (rand: Rand) =>
  Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-12))) * Math.cos(2 * Math.PI * rand());

/** A Poisson draw: Knuth's product of uniforms, the normal approximation above 50. */
function poisson(rand: Rand, lambda: number): number {
  if (lambda > 50) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal(rand)));
  const limit = Math.exp(-lambda);
  let k = 0;
  for (let p = rand(); p > limit; p *= rand()) k++;
  return k;
}

/** The share of the peak hour's volume by Moscow hour: quiet nights, a working-day plateau. */
const HOUR_PROFILE = [
  0.1, 0.06, 0.04, 0.04, 0.05, 0.1, 0.2, 0.4, 0.65, 0.85, 0.95, 1, 1, 0.95, 0.9, 0.9, 0.85, 0.8, 0.75, 0.7,
  0.6, 0.45, 0.3, 0.18,
];
/** Monday first: day 0 of a series is a Monday. */
const WEEKDAY = [1, 1, 1, 1, 0.95, 0.6, 0.55];
const isWorkingDay = (day: number) => day % 7 < 5;

interface SeriesOptions {
  seed: number;
  days: number;
  /** Mean messages in the peak hour of a working day. */
  peak: number;
  /** Days [from, to) at `factor` of their volume: a holiday. */
  quiet?: { from: number; to: number; factor: number };
}

/**
 * Messages per hour: the hour profile × the weekday × a news-day factor (log-normal, σ 0.1, shared by
 * the day's hours) × an hour's own factor (σ 0.1), drawn as Poisson counts. Overdispersed as real
 * volumes are, with no spikes of its own.
 */
function hourlySeries({ seed, days, peak, quiet }: SeriesOptions): number[] {
  const rand = mulberry32(seed);
  const counts: number[] = [];
  for (let day = 0; day < days; day++) {
    const isQuiet = quiet && day >= quiet.from && day < quiet.to;
    const dayFactor = Math.exp(0.1 * normal(rand)) * (isQuiet ? quiet.factor : 1);
    for (let hour = 0; hour < 24; hour++) {
      const lambda = peak * HOUR_PROFILE[hour] * WEEKDAY[day % 7] * dayFactor * Math.exp(0.1 * normal(rand));
      counts.push(poisson(rand, lambda));
    }
  }
  return counts;
}

/** The same hour on each of the previous 14 days; null before the series starts. */
const hourBaseline = (counts: readonly number[], index: number): SpikeValue[] =>
  Array.from({ length: BASELINE_DAYS }, (_, i) => counts[index - (BASELINE_DAYS - i) * 24] ?? null);

const dayBaseline = (counts: readonly number[], index: number): SpikeValue[] =>
  Array.from({ length: BASELINE_DAYS }, (_, i) => counts[index - (BASELINE_DAYS - i)] ?? null);

const medianOf = (values: readonly SpikeValue[]) => robustBaseline(values.filter((v) => v !== null)).median;

/** The indices of `values` from `from` on that are spikes at the sensitivity. */
function flagged(
  values: readonly number[],
  from: number,
  baselineOf: (values: readonly number[], index: number) => SpikeValue[],
  sensitivity: SpikeSensitivity,
): number[] {
  const found: number[] = [];
  for (let index = from; index < values.length; index++)
    if (evaluateSpike(values[index], baselineOf(values, index), 'messages', sensitivity).isSpike)
      found.push(index);
  return found;
}

const without = (values: readonly number[], removed: readonly number[]) =>
  values.filter((v) => !removed.includes(v));
const atDay = (day: number, hour: number) => day * 24 + hour;

describe('spike statistics on a synthetic hourly series', () => {
  // 14 days of history, then 60 evaluated days (1,440 hours); a holiday at 20 % on days 40–42.
  const days = 74;
  const quiet = { from: 40, to: 43, factor: 0.2 };
  const counts = hourlySeries({ seed: 30, days, peak: 60, quiet });
  // Spikes on working-day hours, each a multiple of that hour's usual volume (its baseline median).
  const spikes = [
    { day: 16, hour: 11, factor: 3 },
    { day: 22, hour: 15, factor: 5 },
    { day: 29, hour: 9, factor: 10 },
    { day: 31, hour: 18, factor: 3 },
    { day: 37, hour: 12, factor: 5 },
    { day: 56, hour: 14, factor: 3 },
    { day: 52, hour: 10, factor: 10 },
    { day: 58, hour: 16, factor: 3 },
    { day: 65, hour: 13, factor: 5 },
    { day: 71, hour: 17, factor: 3 },
  ];
  for (const { day, hour, factor } of spikes) {
    expect(isWorkingDay(day)).toBe(true);
    const index = atDay(day, hour);
    counts[index] = Math.round(factor * medianOf(hourBaseline(counts, index)));
  }
  const spikeIndices = spikes.map(({ day, hour }) => atDay(day, hour));
  const from = atDay(14, 0);
  const found = Object.fromEntries(
    SPIKE_SENSITIVITIES.map((sensitivity) => [sensitivity, flagged(counts, from, hourBaseline, sensitivity)]),
  ) as Record<SpikeSensitivity, number[]>;

  it('finds every injected spike at medium and high, and the ×5 and ×10 ones at low', () => {
    expect(without(spikeIndices, found.high)).toEqual([]);
    expect(without(spikeIndices, found.medium)).toEqual([]);
    const large = spikes.filter((spike) => spike.factor >= 5).map(({ day, hour }) => atDay(day, hour));
    expect(without(large, found.low)).toEqual([]);
  });

  it('flags no other hour at medium or low over 60 days, and few at high', () => {
    expect(counts.length - from).toBe(1440);
    expect(without(found.medium, spikeIndices)).toEqual([]);
    expect(without(found.low, spikeIndices)).toEqual([]);
    // High trades false alarms for ×1.5 rises: about one in 200 hours of this series.
    expect(without(found.high, spikeIndices).length).toBeLessThanOrEqual(10);
  });

  it('flags nothing in the holiday or in the two weeks after it, when the holiday is in the baseline', () => {
    const quietAndAfter = (index: number) => index >= atDay(quiet.from, 0) && index < atDay(quiet.to + 14, 0);
    for (const sensitivity of ['medium', 'low'] as const)
      expect(without(found[sensitivity], spikeIndices).filter(quietAndAfter)).toEqual([]);
    expect(found.high.filter((index) => index >= atDay(quiet.from, 0) && index < atDay(quiet.to, 0))).toEqual(
      [],
    );
  });

  it('finds a ×3 rise just after the holiday only at high: half its baseline is quiet days, which widen the MAD', () => {
    const index = atDay(45, 14);
    const baseline = hourBaseline(counts, index);
    const window = Math.round(3 * medianOf(baseline));
    const medium = evaluateSpike(window, baseline, 'messages', 'medium');
    expect(medium).toMatchObject({ isSpike: false, reason: 'below_threshold', ratio: 3 });
    expect(medium.z).toBeGreaterThan(SPIKE_RULES.high.minZ);
    expect(evaluateSpike(window, baseline, 'messages', 'high').isSpike).toBe(true);
  });

  it('is monotone: high flags all that medium flags, medium all that low flags', () => {
    expect(without(found.medium, found.high)).toEqual([]);
    expect(without(found.low, found.medium)).toEqual([]);
    expect(found.high.length).toBeGreaterThanOrEqual(found.medium.length);
    expect(found.medium.length).toBeGreaterThanOrEqual(found.low.length);
  });

  it('keeps quiet series quiet at medium and low over five more seeds and three volumes', () => {
    let hours = 0;
    const falseAlarms = { medium: 0, low: 0 };
    for (const peak of [15, 60, 400])
      for (let seed = 1; seed <= 5; seed++) {
        const series = hourlySeries({ seed: seed * 100 + peak, days, peak });
        hours += series.length - from;
        for (const sensitivity of ['medium', 'low'] as const)
          falseAlarms[sensitivity] += flagged(series, from, hourBaseline, sensitivity).length;
      }
    expect(hours).toBe(21_600);
    // The simulation in docs/alerts.md expects about 0.5 per 1,440 hours at medium: here at most 8 in 21,600 (2 now).
    expect(falseAlarms.medium).toBeLessThanOrEqual(8);
    expect(falseAlarms.low).toBe(0);
  });
});

describe('spike statistics on a synthetic daily series', () => {
  const hours = hourlySeries({ seed: 7, days: 74, peak: 60, quiet: { from: 50, to: 52, factor: 0.3 } });
  const daily = Array.from({ length: 74 }, (_, day) =>
    hours.slice(day * 24, day * 24 + 24).reduce((a, b) => a + b, 0),
  );
  const spikeDays = [23, 38, 60];
  daily[23] = Math.round(3 * medianOf(dayBaseline(daily, 23)));
  daily[38] = Math.round(2.5 * medianOf(dayBaseline(daily, 38)));
  daily[60] = Math.round(5 * medianOf(dayBaseline(daily, 60)));

  it('finds the spiked days at medium and high and no other day at any sensitivity', () => {
    for (const sensitivity of ['high', 'medium'] as const)
      expect(flagged(daily, 14, dayBaseline, sensitivity)).toEqual(spikeDays);
    expect(flagged(daily, 14, dayBaseline, 'low')).toEqual([23, 60]);
  });
});

describe('evaluateSpike', () => {
  const flat = (value: number) => Array.from({ length: BASELINE_DAYS }, () => value);

  it('reports the window against the median, the ratio and the change', () => {
    const result = evaluateSpike(48, flat(8), 'messages', 'medium');
    expect(result).toMatchObject({
      isSpike: true,
      reason: 'spike',
      window: 48,
      baselineMedian: 8,
      ratio: 6,
      changePercent: 500,
      baselineDays: 14,
    });
    // A flat baseline has no MAD: the spread is the counting noise halfway, √28.
    expect(result.spread).toBeCloseTo(Math.sqrt(28));
    expect(result.z).toBeCloseTo(40 / Math.sqrt(28));
  });

  it('does not call 2 → 5 messages a spike at any sensitivity', () => {
    for (const sensitivity of SPIKE_SENSITIVITIES)
      expect(evaluateSpike(5, flat(2), 'messages', sensitivity)).toMatchObject({
        isSpike: false,
        reason: 'too_small',
      });
  });

  it('does not call one message after a run of zeros a spike, but does a burst from nothing', () => {
    for (const sensitivity of SPIKE_SENSITIVITIES) {
      const one = evaluateSpike(1, flat(0), 'messages', sensitivity);
      expect(one).toMatchObject({ isSpike: false, reason: 'too_small', ratio: null, changePercent: null });
      expect(one.spread).toBe(1);
      expect(evaluateSpike(30, flat(0), 'messages', sensitivity)).toMatchObject({
        isSpike: true,
        ratio: null,
      });
    }
  });

  it('needs the ratio as well as the z-score: a steady large count up by half is not a spike at medium', () => {
    const result = evaluateSpike(1500, flat(1000), 'messages', 'medium');
    expect(result.z).toBeGreaterThan(SPIKE_RULES.medium.minZ);
    expect(result).toMatchObject({ isSpike: false, reason: 'below_threshold', ratio: 1.5 });
    expect(evaluateSpike(1500, flat(1000), 'messages', 'high').isSpike).toBe(true);
  });

  it('judges a noisy baseline by its MAD', () => {
    // 30 ± 0, 0, 2, 4, 6, 8, 10, 10, 12, 12, 16, 16, 20, 20: the MAD is 10.
    const baseline = [30, 30, 32, 26, 36, 22, 40, 20, 42, 18, 46, 14, 50, 10];
    const result = evaluateSpike(60, baseline, 'messages', 'medium');
    expect(result.baselineMedian).toBe(30);
    expect(result.spread).toBeCloseTo(1.4826 * 10);
    expect(result).toMatchObject({ isSpike: false, reason: 'below_threshold', ratio: 2 });
    expect(evaluateSpike(100, baseline, 'messages', 'medium').isSpike).toBe(true);
  });

  it('answers no_history with fewer than 7 baseline days, and counts a zero day as data', () => {
    expect(
      evaluateSpike(
        100,
        flat(0).map(() => null),
        'messages',
        'high',
      ),
    ).toMatchObject({
      isSpike: false,
      reason: 'no_history',
      window: 100,
      baselineMedian: null,
      z: null,
      baselineDays: 0,
    });
    expect(evaluateSpike(100, [], 'views', 'low').reason).toBe('no_history');
    const six: SpikeValue[] = [...Array(8).fill(null), 5, 5, 5, 5, 5, 5];
    expect(evaluateSpike(100, six, 'messages', 'high')).toMatchObject({
      reason: 'no_history',
      baselineDays: 6,
    });
    const seven: SpikeValue[] = [...Array(7).fill(null), 0, 0, 0, 0, 0, 0, 0];
    expect(evaluateSpike(100, seven, 'messages', 'high')).toMatchObject({ reason: 'spike', baselineDays: 7 });
  });

  it('never throws on a window or baseline without data', () => {
    expect(evaluateSpike(null, flat(5), 'messages', 'medium')).toMatchObject({
      isSpike: false,
      reason: 'no_data',
    });
    expect(evaluateSpike(Number.NaN, [], 'si', 'high')).toMatchObject({ isSpike: false, reason: 'no_data' });
    const broken = [Number.NaN, Number.POSITIVE_INFINITY, -3, ...flat(4)];
    expect(evaluateSpike(4, broken, 'messages', 'high')).toMatchObject({
      reason: 'too_small',
      baselineDays: 14,
    });
  });

  it('counts SI and views in message units: the same rise is a spike in each metric', () => {
    for (const metric of SPIKE_METRICS) {
      const unit = METRIC_UNIT[metric];
      expect(evaluateSpike(5 * unit, flat(2 * unit), metric, 'high').reason).toBe('too_small');
      expect(evaluateSpike(48 * unit, flat(8 * unit), metric, 'medium').isSpike).toBe(true);
      expect(spreadFloor(0, 0, metric)).toBe(unit);
    }
  });

  it('never turns a spike into a non-spike when the whole series is scaled up, and keeps the verdict where the MAD sets the spread', () => {
    const rand = mulberry32(99);
    let spikesSeen = 0;
    let calmSeen = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const metric = SPIKE_METRICS[trial % SPIKE_METRICS.length];
      const sensitivity = SPIKE_SENSITIVITIES[trial % SPIKE_SENSITIVITIES.length];
      const unit = METRIC_UNIT[metric];
      const level = unit * Math.round(5 + rand() * 200);
      const noise = 0.05 + rand() * 0.4;
      const baseline = Array.from({ length: BASELINE_DAYS }, () =>
        Math.round(level * Math.exp(noise * normal(rand))),
      );
      const window = Math.round(level * (0.5 + rand() * 6));
      const base = evaluateSpike(window, baseline, metric, sensitivity);
      if (base.reason === 'too_small') continue;
      const madSets =
        robustBaseline(baseline).madSpread >= spreadFloor(window, base.baselineMedian ?? 0, metric);
      for (const scale of [2, 5, 10]) {
        const scaled = evaluateSpike(
          window * scale,
          baseline.map((value) => value * scale),
          metric,
          sensitivity,
        );
        if (base.isSpike) expect(scaled.isSpike).toBe(true);
        if (madSets) expect(scaled.isSpike).toBe(base.isSpike);
      }
      if (base.isSpike) spikesSeen++;
      else calmSeen++;
    }
    expect(spikesSeen).toBeGreaterThan(200);
    expect(calmSeen).toBeGreaterThan(200);
  });
});

describe('spikeWindows', () => {
  const iso = (date: Date) => date.toISOString();

  it('takes the last complete hour and the same hour on each of the 14 days before', () => {
    const { window, baseline } = spikeWindows(new Date('2026-11-29T03:45:41Z'), 'hour');
    expect([iso(window.start), iso(window.end)]).toEqual([
      '2026-11-29T02:00:00.000Z',
      '2026-11-29T03:00:00.000Z',
    ]);
    expect(baseline).toHaveLength(14);
    expect(iso(baseline[0].start)).toBe('2026-11-15T02:00:00.000Z');
    expect(iso(baseline[13].start)).toBe('2026-11-28T02:00:00.000Z');
    expect(iso(baseline[13].end)).toBe('2026-11-28T03:00:00.000Z');
    const onTheHour = spikeWindows(new Date('2026-11-29T03:00:00Z'), 'hour').window;
    expect(iso(onTheHour.start)).toBe('2026-11-29T02:00:00.000Z');
  });

  it('takes the last complete Moscow day and the 14 Moscow days before it', () => {
    // 00:30 in Moscow on 29 November: the day is 28 November, 21:00 UTC to 21:00 UTC.
    const { window, baseline } = spikeWindows(new Date('2026-11-28T21:30:00Z'), 'day');
    expect([iso(window.start), iso(window.end)]).toEqual([
      '2026-11-27T21:00:00.000Z',
      '2026-11-28T21:00:00.000Z',
    ]);
    expect(iso(baseline[0].start)).toBe('2026-11-13T21:00:00.000Z');
    expect(iso(baseline[13].end)).toBe('2026-11-27T21:00:00.000Z');
    // 23:59 Moscow on 28 November still compares 27 November.
    const late = spikeWindows(new Date('2026-11-28T20:59:00Z'), 'day').window;
    expect(iso(late.start)).toBe('2026-11-26T21:00:00.000Z');
  });
});

describe('formatSpike', () => {
  const hourStart = new Date('2026-11-29T02:00:00Z');
  const dayStart = new Date('2026-11-27T21:00:00Z');
  const flat = (value: number) => Array.from({ length: BASELINE_DAYS }, () => value);

  it('says by how much the window differs from the median, in Russian', () => {
    expect(formatSpike(evaluateSpike(48, flat(8), 'messages', 'medium'), 'messages', 'hour', hourStart)).toBe(
      'За последний час: 48 сообщений — в 6 раз больше обычного (медиана 8 за тот же час предыдущих 14 дней)',
    );
    expect(formatSpike(evaluateSpike(25, flat(10), 'messages', 'high'), 'messages', 'hour', hourStart)).toBe(
      'За последний час: 25 сообщений — в 2,5 раза больше обычного (медиана 10 за тот же час предыдущих 14 дней)',
    );
    expect(
      formatSpike(evaluateSpike(1501, flat(1000), 'messages', 'high'), 'messages', 'day', dayStart),
    ).toBe(
      'За сутки 28 ноября 2026: 1\u00a0501 сообщение — на 50 % больше обычного (медиана 1\u00a0000 в сутки за предыдущие 14 дней)',
    );
  });

  it('names SI and views, a baseline of zeros and a short history', () => {
    expect(formatSpike(evaluateSpike(4200, flat(600), 'si', 'medium'), 'si', 'hour', hourStart)).toBe(
      'За последний час: SI 4\u00a0200 — в 7 раз больше обычного (медиана 600 за тот же час предыдущих 14 дней)',
    );
    expect(formatSpike(evaluateSpike(52_000, flat(0), 'views', 'medium'), 'views', 'hour', hourStart)).toBe(
      'За последний час: 52\u00a0000 просмотров — обычно здесь ноль (медиана 0 за тот же час предыдущих 14 дней)',
    );
    const sevenDays: SpikeValue[] = [...Array(7).fill(null), ...Array(7).fill(4)];
    expect(formatSpike(evaluateSpike(31, sevenDays, 'messages', 'medium'), 'messages', 'day', dayStart)).toBe(
      'За сутки 28 ноября 2026: 31 сообщение — в 7,8 раза больше обычного (медиана 4 в сутки за предыдущие 7 дней)',
    );
    expect(formatSpike(evaluateSpike(22, [5, 5], 'messages', 'medium'), 'messages', 'hour', hourStart)).toBe(
      'За последний час: 22 сообщения — сравнить не с чем, истории меньше 7 дней',
    );
    expect(
      formatSpike(evaluateSpike(null, [5, 5], 'messages', 'medium'), 'messages', 'hour', hourStart),
    ).toBe('За последний час: нет данных');
  });
});

describe('spikeDrivers', () => {
  it('ranks what rose most above its own baseline and leaves out what did not rise', () => {
    const drivers = spikeDrivers(
      [
        { id: 'lom-a', window: 30, baseline: 28 },
        { id: 'lom-b', window: 25, baseline: 2 },
        { id: 'lom-c', window: 12, baseline: 1 },
        { id: 'lom-d', window: 13, baseline: 2 },
        { id: 'lom-e', window: 3, baseline: 9 },
      ],
      3,
    );
    expect(drivers.map((driver) => driver.id)).toEqual(['lom-b', 'lom-d', 'lom-c']);
    expect(spikeDrivers([], 5)).toEqual([]);
  });
});

describe('evaluateNegativeShare', () => {
  it('does not alert on 1 of 1 negative: too few messages', () => {
    expect(evaluateNegativeShare({ 2: 1 }, 0.3)).toEqual({
      isAlert: false,
      reason: 'too_small',
      share: 1,
      negative: 1,
      total: 1,
    });
    expect(evaluateNegativeShare({}, 0.3)).toMatchObject({
      isAlert: false,
      reason: 'too_small',
      share: null,
    });
  });

  it('counts moods 2 and 5 over all moods and alerts from the threshold on', () => {
    const moods = { 1: 2, 2: 3, 3: 4, 4: 1, 5: 2, 6: 0 };
    expect(evaluateNegativeShare(moods, 0.4)).toMatchObject({
      isAlert: true,
      reason: 'above_threshold',
      share: 5 / 12,
      negative: 5,
      total: 12,
    });
    expect(evaluateNegativeShare({ 2: 4, 3: 6 }, 0.4).isAlert).toBe(true);
    expect(evaluateNegativeShare({ 2: 3, 3: 7 }, 0.4)).toMatchObject({
      isAlert: false,
      reason: 'below_threshold',
    });
  });

  it('ignores counts that are not counts', () => {
    expect(evaluateNegativeShare({ 2: Number.NaN, 5: -4, 3: 20 }, 0.1)).toMatchObject({
      isAlert: false,
      reason: 'below_threshold',
      share: 0,
      negative: 0,
      total: 20,
    });
  });
});
