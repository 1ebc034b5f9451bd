import { useCallback } from 'react';
import type { DayPeriod } from '../../lib/day-period.ts';
import { useStatisticsUrl } from '../../ui/report/report-url.ts';

/**
 * The one period of a theme card, for every tab that counts messages («Сообщения», «Статистика», «Связи»): in
 * the URL (`wrote_at_after` / `wrote_at_before`, kept when the tab changes), the last 30 days ending today by
 * default — the statistics tab's own period (ui/report/report-url.ts), so the tabs cannot disagree.
 */
export function useThemeCardPeriod(): [DayPeriod, (period: DayPeriod) => void] {
  const { state, patch } = useStatisticsUrl();
  const setPeriod = useCallback((period: DayPeriod) => patch({ period }), [patch]);
  return [state.period, setPeriod];
}
