import {
  type ChartParameters,
  NEW_DASHBOARD_CHART_TITLES,
  NEW_DASHBOARD_CHARTS,
  type NewDashboardChart,
} from '@monitoring/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lomGroupLoms, lomGroups, newDashboardLomGroups, newDashboards, users } from '../db/schema/index.ts';
import { chartInput, computeChart } from '../features/new-dashboards/chart-service.ts';
import { buildReport, storeReport } from '../features/new-dashboards/report-service.ts';
import type { AuthUser } from '../http/auth.ts';
import { chartPng } from './chart-png.ts';

// The demo's showcase new dashboards (after the bulk load, when the rollups are built): three dashboards of
// the administrator over the biggest lom groups and one over every lom, and one report of the first, made as
// the page makes it.

/** The showcase over every lom (no lom groups): the bench finds it by this name. */
export const EVERY_LOM_DASHBOARD = {
  name: 'Вся повестка за полгода',
  filters: { period: 'half_year' },
} as const;

const SHOWCASE = [
  { name: 'ЛОМ регионов: полгода', filters: { period: 'half_year' }, groups: [0, 1] },
  { name: 'Федеральная повестка за месяц', filters: { period: 'month' }, groups: [2, 3] },
  { name: 'Негатив за квартал', filters: { period: 'quarter', mood_in: '2,5' }, groups: [0, 2] },
  { ...EVERY_LOM_DASHBOARD, groups: [] },
] as const;

const STEPS: Partial<Record<NewDashboardChart, ChartParameters>> = {
  period_tonality: { step: 'week' },
  period_source_tonality: { step: 'week' },
  publication_involvement: { step: 'week' },
};

export async function seedNewDashboards(db: Db): Promise<void> {
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  if (!admin) return;
  const groups = await db
    .select({ id: lomGroups.id })
    .from(lomGroups)
    .innerJoin(lomGroupLoms, eq(lomGroupLoms.groupId, lomGroups.id))
    .groupBy(lomGroups.id)
    .orderBy(desc(sql`count(*)`), asc(lomGroups.id))
    .limit(4);
  if (groups.length < 4) return;
  // The administrator sees them: public groups (docs/lom-groups.md "Seeing").
  for (const g of groups) await db.update(lomGroups).set({ public: true }).where(eq(lomGroups.id, g.id));
  const ids: number[] = [];
  for (const showcase of SHOWCASE) {
    const [row] = await db
      .insert(newDashboards)
      .values({ userId: admin.id, name: showcase.name, filters: showcase.filters, isDashboard: true })
      .returning({ id: newDashboards.id });
    ids.push(row.id);
    const lomGroupIds: readonly number[] = showcase.groups;
    if (lomGroupIds.length)
      await db
        .insert(newDashboardLomGroups)
        .values(lomGroupIds.map((i) => ({ dashboardId: row.id, lomGroupId: groups[i].id })));
  }
  const user: AuthUser = {
    id: admin.id,
    tokenId: 0,
    username: admin.username,
    role: admin.role,
    ui_permissions: admin.uiPermissions,
    extra_permissions: admin.extraPermissions,
  };
  const charts = [];
  for (const chart of NEW_DASHBOARD_CHARTS) {
    const parameters = STEPS[chart] ?? {};
    const data = await computeChart(
      db,
      await chartInput(db, user, ids[0], chart, { filters: {}, parameters }),
    );
    charts.push({
      name: NEW_DASHBOARD_CHART_TITLES[chart],
      chart,
      parameters,
      image: chartPng(data),
      imageType: 'png' as const,
    });
  }
  const report = await storeReport(db, user, ids[0], {
    name: `${SHOWCASE[0].name}: отчёт`,
    reportType: 'docx',
    charts,
  });
  await buildReport(db, report.id);
}
