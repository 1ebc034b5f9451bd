import { useUrlState } from '../../lib/useUrlState.ts';
import {
  type DashboardUrlState,
  dashboardUrlParams,
  parseDashboardUrl,
  patchDashboardState,
} from './dashboard-url.ts';

/** A dashboard's state in the URL; `subjectKey` names the theme or rubric id's parameter. */
export function useDashboardUrlState(subjectKey?: 'theme' | 'rubric') {
  return useUrlState<DashboardUrlState>(
    (params) => parseDashboardUrl(params, subjectKey),
    (state) => dashboardUrlParams(state, subjectKey),
    patchDashboardState,
  );
}
