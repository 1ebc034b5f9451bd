import {
  ACTION_TYPE,
  hasPermission,
  type InfoReasonArchiveResponse,
  type InfoReasonCreateBody,
  type InfoReasonFavoriteResponse,
  type InfoReasonItem,
  type InfoReasonListQuery,
  type InfoReasonMassAddResponse,
  type InfoReasonMassResponse,
  type InfoReasonTheme,
  type ListEnvelope,
  type PaginationCountResponse,
  type Permission,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { type ActionEntry, logAction, logActions } from '../../domain/action-log-queries.ts';
import { moveInfoReasonsToTheme } from '../../domain/editing/info-reason-theme.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, listedIds, notFound } from '../../http/errors.ts';
import { presentInfoReason } from './presenter.ts';
import * as q from './queries.ts';

const notFoundOne = (id: number) => notFound(`Инфоповод ${id} не найден`);

// ---- Reads ----

/** The items with their message figures, counted for these items only. */
async function withFigures(db: Db, rows: q.ItemRow[]): Promise<InfoReasonItem[]> {
  const figures = await q.figuresOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentInfoReason(row, figures.get(row.id)));
}

export async function listInfoReasons(
  db: Db,
  query: InfoReasonListQuery,
  user: AuthUser,
): Promise<ListEnvelope<InfoReasonItem>> {
  const page = await q.listInfoReasonRows(db, query, user.id);
  return { ...page, results: await withFigures(db, page.results) };
}

export async function infoReasonsPaginationCount(
  db: Db,
  query: InfoReasonListQuery,
): Promise<PaginationCountResponse> {
  const { elements_count, last_page } = pageInfo(
    query.page,
    query.page_size,
    await q.countInfoReasons(db, query),
  );
  return { elements_count, last_page };
}

export async function infoReason(db: Db, id: number, user: AuthUser): Promise<InfoReasonItem> {
  const row = await q.findInfoReasonRow(db, id, user.id);
  if (!row) throw notFoundOne(id);
  const [item] = await withFigures(db, [row]);
  return item;
}

// ---- Helpers of the writes ----

async function lockOne(db: Db, id: number): Promise<q.LockedInfoReason> {
  const [row] = await q.lockInfoReasons(db, [id]);
  if (!row) throw notFoundOne(id);
  return row;
}

/** All the named info reasons, locked; a 400 naming `ids` and the missing ones otherwise (all or none). */
async function lockAll(db: Db, ids: readonly number[]): Promise<q.LockedInfoReason[]> {
  const unique = [...new Set(ids)];
  const rows = await q.lockInfoReasons(db, unique);
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((row) => row.id));
    const missing = unique.filter((id) => !found.has(id)).sort((a, b) => a - b);
    throw badRequest(`Некорректное значение поля «ids»: инфоповоды не найдены: ${listedIds(missing)}`, 'ids');
  }
  return rows;
}

async function requireTheme(db: Db, themeId: number, field: string): Promise<InfoReasonTheme> {
  const theme = await q.findTheme(db, themeId);
  if (!theme) throw badRequest(`Тема ${themeId} не найдена`, field);
  return theme;
}

/**
 * Who may move info reasons between themes (product.md §6): putting one into a theme
 * needs SWAP_INFO_REASON_TO_THEME, taking it out of any theme UNBOUND_INFO_REASON;
 * EDIT_INFO_REASON_THEME (the editors' "info reason theme" variant) allows both.
 */
const ASSIGN_THEME: readonly Permission[] = ['SWAP_INFO_REASON_TO_THEME', 'EDIT_INFO_REASON_THEME'];
const CLEAR_THEME: readonly Permission[] = ['UNBOUND_INFO_REASON', 'EDIT_INFO_REASON_THEME'];
export const THEME_MOVERS: readonly Permission[] = [...new Set([...ASSIGN_THEME, ...CLEAR_THEME])];
export const THEME_ASSIGNERS = ASSIGN_THEME;

function checkThemeMove(user: AuthUser, themeId: number | null): void {
  const allowed = themeId === null ? CLEAR_THEME : ASSIGN_THEME;
  if (allowed.some((permission) => hasPermission(user, permission))) return;
  throw forbidden(
    themeId === null
      ? 'Недостаточно прав, чтобы отвязать инфоповод от темы'
      : 'Недостаточно прав, чтобы перенести инфоповод в тему',
    'theme',
  );
}

/** Sets the theme of the given (locked) info reasons; logs each one that changed. */
function moveToTheme(db: Db, user: AuthUser, rows: readonly q.LockedInfoReason[], themeId: number | null) {
  return moveInfoReasonsToTheme(db, user, rows, themeId);
}

// ---- Writes ----

/** POST info-reasons/: made by hand (ai false), active, not archived, no target tonality. */
export async function createInfoReason(
  db: Db,
  body: InfoReasonCreateBody,
  user: AuthUser,
): Promise<InfoReasonItem> {
  return db.transaction(async (tx) => {
    if (body.theme !== null) await requireTheme(tx, body.theme, 'theme');
    const id = await q.insertInfoReason(tx, { name: body.name, themeId: body.theme, createdBy: user.id });
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.infoReason,
      action: 'info_reason.create',
      infoReasonId: id,
      themeId: body.theme,
      newValue: { name: body.name, theme_id: body.theme },
    });
    return infoReason(tx, id, user);
  });
}

/**
 * DELETE info-reasons/{id}/: messages, fragments, quotes and markups lose it (their
 * theme stays), favourites go; the log keeps what carried it.
 */
export async function removeInfoReason(db: Db, id: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOne(tx, id);
    await q.lockMessagesOf(tx, id);
    const carriers = await q.moveCarriers(tx, id, null);
    await q.deleteInfoReason(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.infoReason,
      action: 'info_reason.delete',
      infoReasonId: id,
      themeId: row.themeId,
      oldValue: {
        name: row.name,
        theme_id: row.themeId,
        active: row.active,
        archived: row.archived,
        target_tonality: row.targetTonality,
        ...carriers,
      },
    });
  });
}

/** PATCH {id}/name/: 'без имени' when empty (product.md §5). */
export async function renameInfoReason(
  db: Db,
  id: number,
  name: string,
  user: AuthUser,
): Promise<InfoReasonItem> {
  return db.transaction(async (tx) => {
    const row = await lockOne(tx, id);
    if (row.name !== name) {
      await q.updateInfoReasons(tx, [id], { name });
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.infoReason,
        action: 'info_reason.rename',
        infoReasonId: id,
        themeId: row.themeId,
        oldValue: { name: row.name },
        newValue: { name },
      });
    }
    return infoReason(tx, id, user);
  });
}

/** PATCH {id}/update-tonality/: the answer carries the completeness the new target gives. */
export async function setTargetTonality(
  db: Db,
  id: number,
  target: number | null,
  user: AuthUser,
): Promise<InfoReasonItem> {
  return db.transaction(async (tx) => {
    const row = await lockOne(tx, id);
    if (row.targetTonality !== target) {
      await q.updateInfoReasons(tx, [id], { targetTonality: target });
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.infoReason,
        action: 'info_reason.target_tonality',
        infoReasonId: id,
        themeId: row.themeId,
        oldValue: { target_tonality: row.targetTonality },
        newValue: { target_tonality: target },
      });
    }
    return infoReason(tx, id, user);
  });
}

/** PATCH {id}/update-theme/: into a theme, or out of any (null). Messages keep their theme. */
export async function updateTheme(
  db: Db,
  id: number,
  themeId: number | null,
  user: AuthUser,
): Promise<InfoReasonItem> {
  checkThemeMove(user, themeId);
  return db.transaction(async (tx) => {
    const row = await lockOne(tx, id);
    if (themeId !== null) await requireTheme(tx, themeId, 'theme');
    await moveToTheme(tx, user, [row], themeId);
    return infoReason(tx, id, user);
  });
}

/** PATCH theme-mass-update/: all the info reasons into one theme or out of any; all or none. */
export async function massUpdateTheme(
  db: Db,
  ids: readonly number[],
  themeId: number | null,
  user: AuthUser,
): Promise<InfoReasonMassResponse> {
  checkThemeMove(user, themeId);
  return db.transaction(async (tx) => {
    const rows = await lockAll(tx, ids);
    if (themeId !== null) await requireTheme(tx, themeId, 'theme');
    return { updated: await moveToTheme(tx, user, rows, themeId) };
  });
}

/**
 * PATCH theme-mass-add/: into the theme called `themeName` (any case; a live theme
 * before an archived one), made when there is none (the name is already 'без имени'
 * when it was sent empty).
 */
export async function massAddTheme(
  db: Db,
  ids: readonly number[],
  themeName: string,
  user: AuthUser,
): Promise<InfoReasonMassAddResponse> {
  return db.transaction(async (tx) => {
    const rows = await lockAll(tx, ids);
    let theme = await q.findThemeByName(tx, themeName);
    const created = theme === null;
    if (theme === null) {
      theme = await q.insertTheme(tx, themeName, user.id);
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.theme,
        action: 'theme.create',
        themeId: theme.id,
        newValue: { name: theme.name, via: 'info_reason.theme_mass_add' },
      });
    }
    const updated = await moveToTheme(tx, user, rows, theme.id);
    return { updated, theme, theme_created: created };
  });
}

async function setArchived(db: Db, user: AuthUser, rows: readonly q.LockedInfoReason[], archived: boolean) {
  const changed = rows.filter((row) => row.archived !== archived);
  await q.updateInfoReasons(
    db,
    changed.map((row) => row.id),
    { archived },
  );
  await logActions(
    db,
    changed.map(
      (row): ActionEntry => ({
        userId: user.id,
        type: ACTION_TYPE.infoReason,
        action: 'info_reason.archive',
        infoReasonId: row.id,
        themeId: row.themeId,
        oldValue: { archived: row.archived },
        newValue: { archived },
      }),
    ),
  );
  return changed.length;
}

/** PATCH mass-archive/: archive (or bring back) all of them; all or none. */
export async function massArchive(
  db: Db,
  ids: readonly number[],
  archive: boolean,
  user: AuthUser,
): Promise<InfoReasonMassResponse> {
  return db.transaction(async (tx) => ({
    updated: await setArchived(tx, user, await lockAll(tx, ids), archive),
  }));
}

/** PATCH {id}/archive/: flips `archived`. */
export async function toggleArchived(db: Db, id: number, user: AuthUser): Promise<InfoReasonArchiveResponse> {
  return db.transaction(async (tx) => {
    const row = await lockOne(tx, id);
    await setArchived(tx, user, [row], !row.archived);
    return { archived: !row.archived };
  });
}

/** PATCH {id}/switch_favorite/: flips the caller's favourite. */
export async function switchFavorite(
  db: Db,
  id: number,
  user: AuthUser,
): Promise<InfoReasonFavoriteResponse> {
  return db.transaction(async (tx) => {
    const row = await lockOne(tx, id);
    const before = await q.isFavourite(tx, user.id, id);
    await q.setFavourite(tx, user.id, id, !before);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.infoReason,
      action: 'info_reason.favorite',
      infoReasonId: id,
      themeId: row.themeId,
      oldValue: { is_favorite: before },
      newValue: { is_favorite: !before },
    });
    return { is_favorite: !before };
  });
}

/**
 * POST {id}/merge_info_reason/: {id} goes into `targetId`. Its messages, fragments,
 * quotes and markups move to the target (markups that would repeat a classification of
 * their message are dropped), its favourites become the target's, and it is deleted,
 * all in one transaction of set-based statements. Messages keep their theme.
 */
export async function mergeInfoReason(
  db: Db,
  id: number,
  targetId: number,
  user: AuthUser,
): Promise<InfoReasonItem> {
  if (targetId === id) throw badRequest('Нельзя объединить инфоповод с самим собой', 'theme');
  return db.transaction(async (tx) => {
    const rows = await q.lockInfoReasons(tx, [id, targetId]);
    const source = rows.find((row) => row.id === id);
    const target = rows.find((row) => row.id === targetId);
    if (!source) throw notFoundOne(id);
    if (!target) throw badRequest(`Инфоповод ${targetId} не найден`, 'theme');
    await q.lockMessagesOf(tx, id);
    const carriers = await q.moveCarriers(tx, id, targetId);
    const removedMarkups = await q.dropRepeatedMarkups(tx, targetId, carriers.markup_ids);
    const favouriteUsers = await q.moveFavourites(tx, id, targetId);
    await q.deleteInfoReason(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.infoReason,
      action: 'info_reason.merge',
      infoReasonId: targetId,
      themeId: target.themeId,
      oldValue: {
        id: source.id,
        name: source.name,
        theme_id: source.themeId,
        active: source.active,
        archived: source.archived,
        target_tonality: source.targetTonality,
        ...carriers,
        removed_markups: removedMarkups,
      },
      newValue: { into: targetId, favourite_users_added: favouriteUsers },
    });
    return infoReason(tx, targetId, user);
  });
}
