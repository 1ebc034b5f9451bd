import type { DigestPeriod } from '@monitoring/contracts';
import { addDays, DAY_MS, moscowDay, moscowMidnight } from '../moscow-calendar.ts';

// When a digest goes out and what it covers (docs/alerts.md "Digests"). Pure functions over Moscow wall-clock
// time; Moscow keeps UTC+3 all year, so every day has 24 hours.

export interface DigestSchedule {
  period: DigestPeriod;
  /** 1 = Monday … 7 = Sunday; weekly only. */
  weekday: number | null;
  /** Moscow time, HH:MM. */
  time: string;
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD day. */
function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The first send strictly after `after`: the next Moscow `time` (on the digest's weekday, for a weekly one). */
export function nextDigestRunAt(schedule: DigestSchedule, after: Date): Date {
  const [hours, minutes] = schedule.time.split(':').map(Number);
  const offset = (hours * 60 + minutes) * 60_000;
  let day = moscowDay(after.getTime());
  for (let i = 0; i < 9; i++, day = addDays(day, 1)) {
    if (schedule.period === 'weekly' && isoWeekday(day) !== schedule.weekday) continue;
    const at = new Date(moscowMidnight(day).getTime() + offset);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('nextDigestRunAt: no send within nine days');
}

/** What a send covers: the 24 hours (daily) or 7 days (weekly) before its scheduled moment. */
export function digestPeriodOf(period: DigestPeriod, scheduledFor: Date): { start: Date; end: Date } {
  const days = period === 'weekly' ? 7 : 1;
  return { start: new Date(scheduledFor.getTime() - days * DAY_MS), end: scheduledFor };
}
