import { VIRAL_MAX_PERIOD_DAYS, type ViralContentQuery } from '@monitoring/contracts';
import { badRequest } from '../http/errors.ts';
import { addDays, moscowDay, utcDayMs } from './moscow-calendar.ts';

/**
 * The period of viral content: the last day (yesterday and today, Moscow) unless the query names
 * its ends, at most VIRAL_MAX_PERIOD_DAYS. /viral-content and the marker panel's viral-content-id/.
 */
export function viralPeriod(
  query: Pick<ViralContentQuery, 'period_after' | 'period_before'>,
  now = new Date(),
) {
  const to =
    query.period_before ??
    (query.period_after && query.period_after > moscowDay(now.getTime())
      ? query.period_after
      : moscowDay(now.getTime()));
  const from = query.period_after ?? addDays(to, -1);
  const days = (utcDayMs(to) - utcDayMs(from)) / 86_400_000 + 1;
  if (days > VIRAL_MAX_PERIOD_DAYS)
    throw badRequest(`период длиннее ${VIRAL_MAX_PERIOD_DAYS} дней`, 'period_after');
  return { from, to };
}
