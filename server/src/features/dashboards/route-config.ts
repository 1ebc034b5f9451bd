import type { DashboardKind, EditableDashboardKind, Permission } from '@monitoring/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/auth.ts';
import type { DashboardSet } from './queries.ts';
import { resolveSet } from './service.ts';

// What the dashboard route files share (routes.ts, lom-routes.ts, pinned-routes.ts).

export const tags = ['dashboards'];

/**
 * Guards (docs/dashboards.md): theme dashboards are the THEMES_DASHBOARD page, their
 * constant loms and pins an editor's EDIT_DASHBOARD_TABLE_FRAGMENTS; a personal theme's
 * dashboard is show_personal_loms_dashboard (↔ THEMES_DASHBOARD) and its owner's alone;
 * rubric dashboards are the segments page (RUBRICS ↔ view_rubrics).
 */
export const READ: Record<DashboardKind, { guard: Permission }> = {
  theme: { guard: 'THEMES_DASHBOARD' },
  personal: { guard: 'show_personal_loms_dashboard' },
  rubric: { guard: 'RUBRICS' },
};
export const WRITE: Record<EditableDashboardKind, { guard: Permission }> = {
  theme: { guard: 'EDIT_DASHBOARD_TABLE_FRAGMENTS' },
  personal: { guard: 'show_personal_loms_dashboard' },
};

export const LABEL: Record<DashboardKind, string> = {
  theme: 'Дашборд темы',
  personal: 'Дашборд личной темы',
  rubric: 'Дашборд рубрики',
};

/** The message set of the dashboard the request names (404 when unknown or not the caller's). */
export function setOf(
  db: Db,
  kind: DashboardKind,
  request: FastifyRequest & { params: { id: number } },
): Promise<DashboardSet> {
  return resolveSet(db, kind, request.params.id, currentUser(request));
}
