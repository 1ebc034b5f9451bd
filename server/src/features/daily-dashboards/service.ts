import {
  ACTION_TYPE,
  DAILY_DASHBOARD_MAX_PER_USER,
  type DailyDashboardCreateBody,
  type DailyDashboardFlags,
  type DailyDashboardItem,
  type DailyDashboardUpdateBody,
  dailyDashboardFlags,
  hasPermission,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { presentDailyDashboard } from './presenter.ts';
import {
  deleteDashboardRow,
  findVisibleDashboard,
  insertDashboard,
  listVisibleDashboards,
  lockDashboardOwner,
  lockOwnDashboard,
  lockOwnDashboards,
  setPositions,
  updateDashboardRow,
  userDashboardCodenames,
} from './queries.ts';

// Daily dashboards (docs/home.md): one's own are edited; another's private one does not
// exist for the caller (404, never 403); public ones are read by everyone with the page.

async function flagsOf(db: Db, user: AuthUser): Promise<DailyDashboardFlags> {
  return dailyDashboardFlags((p) => hasPermission(user, p), await userDashboardCodenames(db, user.id));
}

/** Refuses a visibility the user's flags do not allow, naming `is_private`. */
function checkVisibility(flags: DailyDashboardFlags, isPrivate: boolean): void {
  if (isPrivate && !flags.private) throw forbidden('Нет права на личные ежедневные дашборды', 'is_private');
  if (!isPrivate && !flags.public) throw forbidden('Нет права публиковать ежедневные дашборды', 'is_private');
}

const notFoundOf = (id: number) => notFound(`Дашборд ${id} не найден`);

async function itemOf(db: Db, user: AuthUser, id: number): Promise<DailyDashboardItem> {
  const row = await findVisibleDashboard(db, user.id, id);
  if (!row) throw notFoundOf(id);
  return presentDailyDashboard(row, user.id);
}

const logged = (item: DailyDashboardItem) => ({
  id: item.id,
  name: item.name,
  shortName: item.shortName,
  position: item.position,
  types: item.types,
  filters: item.filters,
  is_private: item.is_private,
});

export async function listDailyDashboards(db: Db, user: AuthUser): Promise<DailyDashboardItem[]> {
  const rows = await listVisibleDashboards(db, user.id);
  return rows.map((row) => presentDailyDashboard(row, user.id));
}

/**
 * POST: private unless said. Without a position it goes last; with one, the others from that
 * position move down, so positions stay 1…n.
 */
export async function createDailyDashboard(
  db: Db,
  body: DailyDashboardCreateBody,
  user: AuthUser,
): Promise<DailyDashboardItem> {
  const isPrivate = body.is_private ?? true;
  checkVisibility(await flagsOf(db, user), isPrivate);
  return db.transaction(async (tx) => {
    await lockDashboardOwner(tx, user.id);
    const own = await lockOwnDashboards(tx, user.id);
    if (own.length >= DAILY_DASHBOARD_MAX_PER_USER)
      throw badRequest(`Не более ${DAILY_DASHBOARD_MAX_PER_USER} дашбордов`, 'name');
    const id = await insertDashboard(tx, {
      userId: user.id,
      name: body.name,
      shortName: body.shortName,
      position: own.length + 1,
      types: body.types ?? [],
      filters: body.filters ?? {},
      isPrivate,
    });
    const order = own.map((row) => row.id);
    const at = Math.min(body.position ?? order.length + 1, order.length + 1) - 1;
    order.splice(at, 0, id);
    await setPositions(tx, order);
    const item = await itemOf(tx, user, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'daily_dashboard.create',
      newValue: logged(item),
    });
    return item;
  });
}

/** Moves `id` to `position` (1-based) among the user's own, keeping 1…n. */
async function moveTo(tx: Db, userId: number, id: number, position: number): Promise<void> {
  const order = (await lockOwnDashboards(tx, userId)).map((row) => row.id).filter((x) => x !== id);
  order.splice(Math.min(position, order.length + 1) - 1, 0, id);
  await setPositions(tx, order);
}

/** PUT: one's own only; what is sent changes; filters are replaced whole. */
export async function updateDailyDashboard(
  db: Db,
  id: number,
  body: DailyDashboardUpdateBody,
  user: AuthUser,
): Promise<DailyDashboardItem> {
  return db.transaction(async (tx) => {
    await lockDashboardOwner(tx, user.id);
    if (!(await lockOwnDashboard(tx, user.id, id))) throw notFoundOf(id);
    const before = await itemOf(tx, user, id);
    await updateDashboardRow(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.shortName === undefined ? {} : { shortName: body.shortName }),
      ...(body.types === undefined ? {} : { types: body.types }),
      ...(body.filters === undefined ? {} : { filters: body.filters }),
    });
    if (body.position !== undefined) await moveTo(tx, user.id, id, body.position);
    const item = await itemOf(tx, user, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'daily_dashboard.update',
      oldValue: logged(before),
      newValue: logged(item),
    });
    return item;
  });
}

/** DELETE: one's own only; the rest close ranks. */
export async function deleteDailyDashboard(db: Db, id: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDashboardOwner(tx, user.id);
    const own = await lockOwnDashboards(tx, user.id);
    if (!own.some((row) => row.id === id)) throw notFoundOf(id);
    const before = await itemOf(tx, user, id);
    await deleteDashboardRow(tx, id);
    await setPositions(
      tx,
      own.map((row) => row.id).filter((x) => x !== id),
    );
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'daily_dashboard.delete',
      oldValue: logged(before),
    });
  });
}

/** POST {id}/private/: flips is_private (the new value must be allowed by the user's flags). */
export async function toggleDailyDashboardPrivate(
  db: Db,
  id: number,
  user: AuthUser,
): Promise<{ is_private: boolean }> {
  const flags = await flagsOf(db, user);
  return db.transaction(async (tx) => {
    const row = await lockOwnDashboard(tx, user.id, id);
    if (!row) throw notFoundOf(id);
    const isPrivate = !row.isPrivate;
    checkVisibility(flags, isPrivate);
    await updateDashboardRow(tx, id, { isPrivate });
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'daily_dashboard.private',
      oldValue: { id, is_private: row.isPrivate },
      newValue: { id, is_private: isPrivate },
    });
    return { is_private: isPrivate };
  });
}

/**
 * POST reorder/: `ids` must be exactly the user's own dashboards; they get positions 1…n in
 * that order. The user's rows are locked first, so concurrent reorders run one after another
 * and the positions stay a permutation.
 */
export async function reorderDailyDashboards(
  db: Db,
  ids: readonly number[],
  user: AuthUser,
): Promise<DailyDashboardItem[]> {
  await db.transaction(async (tx) => {
    await lockDashboardOwner(tx, user.id);
    const own = new Set((await lockOwnDashboards(tx, user.id)).map((row) => row.id));
    const stranger = ids.find((id) => !own.has(id));
    if (stranger !== undefined) throw badRequest(`Дашборд ${stranger} не найден среди ваших`, 'ids');
    if (ids.length !== own.size) throw badRequest('Укажите все свои дашборды, каждый один раз', 'ids');
    await setPositions(tx, ids);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.dashboard,
      action: 'daily_dashboard.reorder',
      newValue: { ids },
    });
  });
  return listDailyDashboards(db, user);
}
