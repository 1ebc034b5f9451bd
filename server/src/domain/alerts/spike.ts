import {
  formatDateRu,
  formatNumber,
  type Mood,
  NEGATIVE_MOODS,
  pluralRu,
  type RuPluralForms,
  type SpikeMetric,
  type SpikeSensitivity,
  type SpikeWindow,
} from '@monitoring/contracts';
import { DAY_MS, HOUR_MS, moscowDay, moscowMidnight } from '../moscow-calendar.ts';

/**
 * The statistics of the `spike` and `negative` alerts (issue 30), docs/alerts.md. Pure functions
 * over counts the alert engine has already summed from the rollups: one window value and the
 * values of the same window on each of the previous 14 days. No database, no clock.
 */

/** How many earlier days the baseline looks at. */
export const BASELINE_DAYS = 14;

/** Fewer baseline days with data than this (the alert or the data is younger) is no history. */
export const MIN_BASELINE_DAYS = 7;

/** The median absolute deviation times this estimates a normal spread's standard deviation. */
export const MAD_TO_SD = 1.4826;

/**
 * The rules of each sensitivity: the robust z-score, the ratio to the median and the window's
 * volume (in messages: times the metric's unit) that a spike must all reach.
 */
export const SPIKE_RULES: Readonly<
  Record<SpikeSensitivity, { minZ: number; minRatio: number; minMessages: number }>
> = {
  high: { minZ: 3, minRatio: 1.5, minMessages: 8 },
  medium: { minZ: 4, minRatio: 2, minMessages: 12 },
  low: { minZ: 5, minRatio: 3, minMessages: 20 },
};

/**
 * One message's worth of each metric: the step of a count, the typical SI of a message (docs/si.md:
 * the median message SI is 31) and a round figure of a message's views. The floor of the spread and
 * the minimum volume are counted in these units, so SI and views behave as messages do.
 */
export const METRIC_UNIT: Readonly<Record<SpikeMetric, number>> = { messages: 1, si: 30, views: 1000 };

/** A value the engine has (0 when the rollups have no row) or null for a day before the data began. */
export type SpikeValue = number | null;

export type SpikeReason = 'spike' | 'below_threshold' | 'too_small' | 'no_history' | 'no_data';

export interface SpikeResult {
  isSpike: boolean;
  reason: SpikeReason;
  /** The window's value; null when it had none. */
  window: number | null;
  baselineMedian: number | null;
  /** The spread the z-score divides by: the scaled MAD, at least spreadFloor. */
  spread: number | null;
  /** window / median; null when the median is 0 or there is no baseline. */
  ratio: number | null;
  z: number | null;
  /** (window − median) / median × 100; null when the median is 0 or there is no baseline. */
  changePercent: number | null;
  /** Baseline days with data. */
  baselineDays: number;
}

const isValue = (value: SpikeValue | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The baseline's median and its spread as the scaled median absolute deviation (MAD). */
export function robustBaseline(values: readonly number[]) {
  const center = median(values);
  return { median: center, madSpread: MAD_TO_SD * median(values.map((value) => Math.abs(value - center))) };
}

/**
 * The least spread a window is judged by: the counting (Poisson) noise of a count halfway between the
 * median and the window, in the metric's units, and never below one unit. Taken halfway, (window −
 * median) / floor is about 2 × (√window − √median), the z-score on the square-root scale that evens
 * out the skew of small counts (6 → 17 is chance far more often than a normal tail says). The unit
 * keeps a baseline of zeros from making one message a spike.
 */
export function spreadFloor(window: number, median: number, metric: SpikeMetric): number {
  const unit = METRIC_UNIT[metric];
  return Math.max(Math.sqrt(((window + median) / 2) * unit), unit);
}

/**
 * Whether `window` is a spike against `baseline` (the same window on each earlier day; null for a
 * day before the data began). A spike needs all three: a volume worth telling, a robust z-score and
 * a ratio to the median of at least the sensitivity's rule. Only rises count.
 */
export function evaluateSpike(
  window: SpikeValue,
  baseline: readonly SpikeValue[],
  metric: SpikeMetric,
  sensitivity: SpikeSensitivity,
): SpikeResult {
  const days = baseline.filter(isValue);
  const empty = {
    isSpike: false,
    window: isValue(window) ? window : null,
    baselineMedian: null,
    spread: null,
    ratio: null,
    z: null,
    changePercent: null,
    baselineDays: days.length,
  };
  if (!isValue(window)) return { ...empty, reason: 'no_data' };
  if (days.length < MIN_BASELINE_DAYS) return { ...empty, reason: 'no_history' };
  const { median: center, madSpread } = robustBaseline(days);
  const spread = Math.max(madSpread, spreadFloor(window, center, metric));
  const rule = SPIKE_RULES[sensitivity];
  const z = (window - center) / spread;
  const ratio = center > 0 ? window / center : null;
  const stats = {
    window,
    baselineMedian: center,
    spread,
    ratio,
    z,
    changePercent: center > 0 ? ((window - center) / center) * 100 : null,
    baselineDays: days.length,
  };
  if (window < rule.minMessages * METRIC_UNIT[metric])
    return { ...stats, isSpike: false, reason: 'too_small' };
  // Against a median of 0 any volume above the minimum is an infinite ratio.
  const isSpike = z >= rule.minZ && (ratio === null || ratio >= rule.minRatio);
  return { ...stats, isSpike, reason: isSpike ? 'spike' : 'below_threshold' };
}

/** An interval of instants [start, end). */
export interface Interval {
  start: Date;
  end: Date;
}

export interface SpikeWindows {
  window: Interval;
  /** The same window on each of the previous BASELINE_DAYS days, oldest first. */
  baseline: Interval[];
}

/**
 * The window an evaluation at `now` looks at and its baseline. `hour`: the last complete hour and the
 * same hour on each of the 14 days before. `day`: the last complete Moscow day (the rollups' day) and
 * the 14 Moscow days before it. Moscow keeps UTC+3 all year, so a day is always 24 hours.
 */
export function spikeWindows(now: Date, kind: SpikeWindow): SpikeWindows {
  const end =
    kind === 'hour'
      ? Math.floor(now.getTime() / HOUR_MS) * HOUR_MS
      : moscowMidnight(moscowDay(now.getTime())).getTime();
  const start = end - (kind === 'hour' ? HOUR_MS : DAY_MS);
  const shifted = (days: number): Interval => ({
    start: new Date(start - days * DAY_MS),
    end: new Date(end - days * DAY_MS),
  });
  return {
    window: shifted(0),
    baseline: Array.from({ length: BASELINE_DAYS }, (_, i) => shifted(BASELINE_DAYS - i)),
  };
}

/** One thing that may drive a spike (a message, a lom): its window value and its own baseline median. */
export interface SpikeContribution<Id> {
  id: Id;
  window: number;
  baseline: number;
}

/**
 * What drives a spike, for the notification: the items whose window rose most above their own
 * baseline (ties by the window's value), at most `limit`, none that did not rise.
 */
export function spikeDrivers<Id>(
  items: readonly SpikeContribution<Id>[],
  limit: number,
): SpikeContribution<Id>[] {
  return items
    .filter((item) => item.window > item.baseline)
    .sort((a, b) => b.window - b.baseline - (a.window - a.baseline) || b.window - a.window)
    .slice(0, limit);
}

const MESSAGE_FORMS: RuPluralForms = ['сообщение', 'сообщения', 'сообщений'];
const VIEW_FORMS: RuPluralForms = ['просмотр', 'просмотра', 'просмотров'];
const TIMES_FORMS: RuPluralForms = ['раз', 'раза', 'раз'];

function metricAmount(value: number, metric: SpikeMetric): string {
  if (metric === 'si') return `SI ${formatNumber(value)}`;
  const rounded = Math.round(value);
  return `${formatNumber(rounded)} ${pluralRu(rounded, metric === 'views' ? VIEW_FORMS : MESSAGE_FORMS)}`;
}

/**
 * The notification's sentence: «За последний час: 48 сообщений — в 6 раз больше обычного (медиана 8
 * за тот же час предыдущих 14 дней)». From twice the median on it says «в N раз», below that «на N %».
 */
export function formatSpike(
  result: SpikeResult,
  metric: SpikeMetric,
  kind: SpikeWindow,
  windowStart: Date,
): string {
  const when = kind === 'hour' ? 'За последний час' : `За сутки ${formatDateRu(windowStart)}`;
  // «предыдущих 14 дней» is genitive, «за предыдущие 14 дней» accusative: 1 дня / 1 день.
  const dayForms: RuPluralForms = kind === 'hour' ? ['дня', 'дней', 'дней'] : ['день', 'дня', 'дней'];
  const baselineWhen = kind === 'hour' ? 'за тот же час предыдущих' : 'в сутки за предыдущие';
  const days = `${result.baselineDays} ${pluralRu(result.baselineDays, dayForms)}`;
  if (result.window === null) return `${when}: нет данных`;
  const amount = metricAmount(result.window, metric);
  if (result.baselineMedian === null)
    return `${when}: ${amount} — сравнить не с чем, истории меньше ${MIN_BASELINE_DAYS} дней`;
  const baseline = `(медиана ${formatNumber(Math.round(result.baselineMedian * 10) / 10)} ${baselineWhen} ${days})`;
  const { ratio, changePercent } = result;
  let difference: string;
  if (ratio === null) difference = 'обычно здесь ноль';
  else if (ratio >= 2) {
    const times = Math.round(ratio * 10) / 10;
    difference = `в ${formatNumber(times)} ${pluralRu(times, TIMES_FORMS)} больше обычного`;
  } else if (changePercent !== null && changePercent >= 0)
    difference = `на ${formatNumber(Math.round(changePercent))} % больше обычного`;
  else difference = `на ${formatNumber(Math.round(-(changePercent ?? 0)))} % меньше обычного`;
  return `${when}: ${amount} — ${difference} ${baseline}`;
}

/** A `negative` alert needs at least this many messages in the window: 1 of 1 negative is no trend. */
export const NEGATIVE_MIN_MESSAGES = 10;

export type NegativeShareReason = 'above_threshold' | 'below_threshold' | 'too_small';

export interface NegativeShareResult {
  isAlert: boolean;
  reason: NegativeShareReason;
  /** Negative (moods 2 and 5) over all messages of the window, 0..1; null without messages. */
  share: number | null;
  negative: number;
  total: number;
}

/**
 * Whether the share of negative moods (2 and 5, contracts' NEGATIVE_MOODS) in the window reaches
 * `threshold` (0..1). `moods` counts the window's messages per mood; a missing mood counts 0.
 */
export function evaluateNegativeShare(
  moods: Partial<Record<Mood, number>>,
  threshold: number,
  minMessages = NEGATIVE_MIN_MESSAGES,
): NegativeShareResult {
  const count = (value: number | undefined) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  const total = Object.values(moods).reduce<number>((sum, value) => sum + count(value), 0);
  const negative = NEGATIVE_MOODS.reduce((sum, mood) => sum + count(moods[mood]), 0);
  const share = total > 0 ? negative / total : null;
  if (share === null || total < minMessages)
    return { isAlert: false, reason: 'too_small', share, negative, total };
  const isAlert = share >= threshold;
  return { isAlert, reason: isAlert ? 'above_threshold' : 'below_threshold', share, negative, total };
}
