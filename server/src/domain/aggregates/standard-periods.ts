import { addDays, addMonths, addYears, isoDate } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { DAY_MS, type DayRange, moscowDay, utcDay, utcDayMs } from '../moscow-calendar.ts';

/**
 * The standard periods of lom_period_stats (docs/aggregates.md "Standard periods"): the
 * periods ending today that the nav links and the period pickers send, computed with the
 * same calendar arithmetic as they are (contracts' addDays / addMonths / addYears on a local
 * date), so that a request for "the last month" finds its window exactly.
 */
export const STANDARD_PERIODS = [
  { id: 1, name: 'day', start: (today: Date) => today },
  { id: 2, name: 'week', start: (today: Date) => addDays(today, -6) },
  { id: 3, name: 'month', start: (today: Date) => addMonths(today, -1) },
  { id: 4, name: 'half-year', start: (today: Date) => addMonths(today, -6) },
  { id: 5, name: 'year', start: (today: Date) => addYears(today, -1) },
] as const;

/** Scopes of lom_period_stats: which messages a reader's flags leave. */
export const PERIOD_SCOPE = { all: 0, notArchived: 1, live: 2 } as const;
export type PeriodScope = (typeof PERIOD_SCOPE)[keyof typeof PERIOD_SCOPE];

export interface PeriodWindow {
  period: number;
  /** Moscow days [from, to). */
  from: string;
  to: string;
}

/** The windows of the standard periods on the Moscow day of `now`. */
export function standardWindows(now = new Date()): PeriodWindow[] {
  const today = moscowDay(now.getTime());
  const [y, m, d] = today.split('-').map(Number);
  const local = new Date(y, m - 1, d);
  const to = utcDay(utcDayMs(today) + DAY_MS);
  return STANDARD_PERIODS.map((p) => ({ period: p.id, from: isoDate(p.start(local)), to }));
}

/**
 * The `select lom_periods_roll(…)` of today's windows, as text for the demo loader too: a no-op
 * when they are the stored ones. Its values are computed here (ids and ISO days), never input.
 */
export function rollStatement(now = new Date()): string {
  const windows = standardWindows(now);
  const list = (values: readonly (string | number)[]) => values.map((v) => `'${v}'`).join(', ');
  return `select lom_periods_roll(array[${list(windows.map((w) => w.period))}]::smallint[],
                                  array[${list(windows.map((w) => w.from))}]::date[],
                                  array[${list(windows.map((w) => w.to))}]::date[]) as rolled`;
}

/** Moves the stored windows to today's (refilling a period that moved); answers how many moved. */
export async function rollStandardPeriods(db: Db, now = new Date()): Promise<number> {
  const [row] = await queryRows<{ rolled: number }>(db, sql.raw(rollStatement(now)));
  return Number(row?.rolled ?? 0);
}

/**
 * Keeps the windows current while the server runs: once at start, then every minute (a
 * comparison of five rows unless the Moscow day changed). Errors are logged, not thrown: a
 * stale window only sends its requests to the slower path.
 */
export function keepStandardPeriods(db: Db, log: (error: unknown) => void): () => void {
  const roll = () => rollStandardPeriods(db).catch(log);
  void roll();
  const timer = setInterval(roll, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The stored period whose window is exactly `range`, if any. */
export async function storedPeriodOf(db: Db, range: DayRange): Promise<number | null> {
  if (range.from === undefined || range.to === undefined) return null;
  const rows = await queryRows<{ period: number }>(
    db,
    sql`select period from lom_periods where day_from = ${range.from}::date and day_to = ${range.to}::date limit 1`,
  );
  return rows.length > 0 ? Number(rows[0].period) : null;
}
