import { FEED_LIMITS, type FeedCollectResult, formatNumber } from '@monitoring/contracts';
import { FEEDS_TEXTS as T } from './texts.ts';

/** The intervals offered for a feed, in minutes (1 min … 24 h). */
export const FEED_INTERVALS: readonly number[] = [1, 5, 15, 30, 60, 180, 360, 720, 1440];

/** «15 мин», «3 ч», «1 ч 30 мин». */
export function intervalLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${formatNumber(rest)} мин`;
  return rest === 0 ? `${formatNumber(hours)} ч` : `${formatNumber(hours)} ч ${formatNumber(rest)} мин`;
}

/** The interval choices, with the feed's own when it is not one of them (set through the API). */
export function intervalOptions(current?: number): { value: number; label: string }[] {
  const values =
    current !== undefined &&
    !FEED_INTERVALS.includes(current) &&
    current >= FEED_LIMITS.minIntervalMinutes &&
    current <= FEED_LIMITS.maxIntervalMinutes
      ? [...FEED_INTERVALS, current].sort((a, b) => a - b)
      : FEED_INTERVALS;
  return values.map((value) => ({ value, label: intervalLabel(value) }));
}

/** A fetch's time: «350 мс», «1,2 с», «2 мин 5 с». */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${formatNumber(Math.round(ms))} мс`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${formatNumber(Math.round(seconds * 10) / 10)} с`;
  const whole = Math.round(seconds);
  return `${formatNumber(Math.floor(whole / 60))} мин ${formatNumber(whole % 60)} с`;
}

/** «5 мин назад», «через 2 ч», «только что»: an instant relative to `now`, for a title beside the date. */
export function relativeTime(value: string | null, now: number = Date.now()): string {
  if (!value) return '';
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '';
  const minutes = Math.round((at - now) / 60_000);
  if (Math.abs(minutes) < 1) return 'только что';
  const abs = Math.abs(minutes);
  const span =
    abs < 60
      ? `${formatNumber(abs)} мин`
      : abs < 48 * 60
        ? `${formatNumber(Math.round(abs / 60))} ч`
        : `${formatNumber(Math.round(abs / 1440))} дн.`;
  return minutes < 0 ? `${span} назад` : `через ${span}`;
}

/** «Найдено 50, создано 48, обновлено 0, пропущено 2». */
export function collectCounts(result: FeedCollectResult): string {
  return T.collectCounts(
    formatNumber(result.fetched),
    formatNumber(result.created),
    formatNumber(result.updated),
    formatNumber(result.skipped),
  );
}
