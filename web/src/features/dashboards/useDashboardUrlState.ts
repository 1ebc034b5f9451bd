import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type DashboardUrlState,
  dashboardUrlParams,
  parseDashboardUrl,
  patchDashboardState,
} from './dashboard-url.ts';

/** A dashboard's state in the URL; `subjectKey` names the theme or rubric id's parameter. */
export function useDashboardUrlState(subjectKey?: 'theme' | 'rubric') {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text is the identity of the state.
  const state = useMemo(() => parseDashboardUrl(params, subjectKey), [key, subjectKey]);
  const patch = useCallback(
    (change: Partial<DashboardUrlState>) =>
      setParams((current) =>
        dashboardUrlParams(patchDashboardState(parseDashboardUrl(current, subjectKey), change), subjectKey),
      ),
    [setParams, subjectKey],
  );
  return { state, patch };
}
