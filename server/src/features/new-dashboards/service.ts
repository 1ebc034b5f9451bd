import {
  ACTION_TYPE,
  type ListEnvelope,
  type NewDashboardCreateBody,
  type NewDashboardItem,
  type NewDashboardListQuery,
  type NewDashboardPatchBody,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { describeMessageFilter } from '../../domain/reports/summary.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import { resolveChartFilter } from './dashboard-filter.ts';
import { presentDashboard } from './presenter.ts';
import {
  type DashboardRow,
  dashboardGroups,
  dashboardPage,
  deleteDashboardRow,
  findDashboard,
  insertDashboard,
  replaceDashboardGroups,
  updateDashboardRow,
  visibleGroupIds,
} from './queries.ts';

// The rules of new dashboards: each is its owner's alone (another user's answers 404, as if it did not
// exist), its lom groups must be ones the owner sees, and every change is logged under «Дашборд».

async function present(db: Db, rows: readonly DashboardRow[], now = new Date()): Promise<NewDashboardItem[]> {
  const groups = await dashboardGroups(
    db,
    rows.map((row) => row.id),
  );
  const items: NewDashboardItem[] = [];
  for (const row of rows) {
    const { filter, period } = resolveChartFilter(row.filters, {}, now);
    const { wrote_at_after: _a, wrote_at_before: _b, ...rest } = filter;
    const lines = await describeMessageFilter(db, rest);
    items.push(
      presentDashboard(
        row,
        groups.filter((g) => g.dashboardId === row.id),
        period,
        lines,
      ),
    );
  }
  return items;
}

/** The caller's own dashboard, or 404. */
export async function ownDashboard(db: Db, user: AuthUser, id: number): Promise<DashboardRow> {
  const row = await findDashboard(db, user.id, id);
  if (!row) throw notFound(`Дашборд ${id} не найден`);
  return row;
}

export async function listDashboards(
  db: Db,
  user: AuthUser,
  query: NewDashboardListQuery,
): Promise<ListEnvelope<NewDashboardItem>> {
  const rows = await dashboardPage(db, user.id, query.search, query.page, query.page_size);
  const total = rows.length > 0 ? rows[0].total : 0;
  return { results: await present(db, rows), ...pageInfo(query.page, query.page_size, total) };
}

export async function getDashboard(db: Db, user: AuthUser, id: number): Promise<NewDashboardItem> {
  const [item] = await present(db, [await ownDashboard(db, user, id)]);
  return item;
}

async function checkGroups(db: Db, user: AuthUser, ids: readonly number[]): Promise<void> {
  const visible = new Set(await visibleGroupIds(db, user.id, ids));
  const missing = ids.filter((id) => !visible.has(id));
  if (missing.length > 0) throw badRequest(`Нет таких групп ЛОМ: ${listedIds(missing)}`, 'lom_groups');
}

const logged = (item: NewDashboardItem) => ({
  id: item.id,
  name: item.name,
  filters: item.filters,
  lom_groups: item.lom_groups.map((g) => g.id),
  is_dashboard: item.is_dashboard,
});

export async function createDashboard(
  db: Db,
  user: AuthUser,
  body: NewDashboardCreateBody,
): Promise<NewDashboardItem> {
  resolveChartFilter(body.filters, {}, new Date());
  return db.transaction(async (tx) => {
    await checkGroups(tx, user, body.lom_groups);
    const id = await insertDashboard(tx, {
      userId: user.id,
      name: body.name,
      filters: body.filters,
      isDashboard: body.is_dashboard,
    });
    await replaceDashboardGroups(tx, id, body.lom_groups);
    const item = await getDashboard(tx, user, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'new_dashboard.create',
      newValue: logged(item),
    });
    return item;
  });
}

export async function updateDashboard(
  db: Db,
  user: AuthUser,
  id: number,
  body: NewDashboardPatchBody,
): Promise<NewDashboardItem> {
  if (body.filters) resolveChartFilter(body.filters, {}, new Date());
  return db.transaction(async (tx) => {
    const before = await getDashboard(tx, user, id);
    if (body.lom_groups) {
      await checkGroups(tx, user, body.lom_groups);
      await replaceDashboardGroups(tx, id, body.lom_groups);
    }
    await updateDashboardRow(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.filters === undefined ? {} : { filters: body.filters }),
      ...(body.is_dashboard === undefined ? {} : { isDashboard: body.is_dashboard }),
    });
    const item = await getDashboard(tx, user, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'new_dashboard.update',
      oldValue: logged(before),
      newValue: logged(item),
    });
    return item;
  });
}

export async function removeDashboard(db: Db, user: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getDashboard(tx, user, id);
    await deleteDashboardRow(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'new_dashboard.delete',
      oldValue: logged(before),
    });
  });
}
