import {
  ACTION_TYPE,
  hasPermission,
  type ThemeAiCreateBody,
  type ThemeCreateBody,
  type ThemeDetail,
  type ThemeMassArchiveBody,
  type ThemeMassArchiveResult,
  type ThemeMergeBody,
  type ThemeMergeResult,
  type ThemeUpdateBody,
  type ThemeUpdateField,
  themeNameOrDefault,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { type ActionEntry, logAction, logActions } from '../../domain/action-log-queries.ts';
import { adoptApprovedAiThemes } from '../../domain/ai-themes/approve.ts';
import { proposeNamedTheme } from '../../domain/ai-themes/search.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, listedIds, notFound } from '../../http/errors.ts';
import { presentTheme } from './presenter.ts';
import {
  clearThemeReferences,
  deleteThemeRow,
  insertTheme,
  lockThemes,
  moveThemeContents,
  type ThemeColumns,
  type ThemeRow,
  themeDetailRow,
  toggleFavourite,
  updateTheme,
  updateThemes,
} from './queries.ts';

/** The theme card and its writes (api.md §7.6, product.md §4); docs/themes.md. */

const NOT_FOUND = 'Тема не найдена';

/** GET themes/{id}/. */
export async function themeDetail(db: Db, themeId: number, user: AuthUser): Promise<ThemeDetail> {
  const row = await themeDetailRow(db, themeId, user.id);
  if (!row) throw notFound(NOT_FOUND);
  return presentTheme(row);
}

async function lockTheme(db: Db, themeId: number): Promise<ThemeRow> {
  const [theme] = await lockThemes(db, [themeId]);
  if (!theme) throw notFound(NOT_FOUND);
  return theme;
}

/** Locks the themes of a bulk call; unknown ids are a 400 naming `ids`. */
async function lockAllThemes(db: Db, ids: readonly number[]): Promise<ThemeRow[]> {
  const rows = await lockThemes(db, ids);
  if (rows.length !== ids.length) {
    const known = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    throw badRequest(`Некорректное значение поля «ids»: темы не найдены: ${listedIds(missing)}`, 'ids');
  }
  return rows;
}

/** The theme as it is stored, for the log of a creation or a deletion. */
function snapshot(theme: ThemeRow) {
  return {
    id: theme.id,
    name: theme.name,
    external_id: theme.externalId,
    active: theme.active,
    archived: theme.archived,
    approved: theme.approved,
    draft: theme.draft,
    created_by_ai: theme.createdByAi,
    service: theme.service,
    cluster_type: theme.clusterType,
    actual: theme.actual,
    hidden: theme.hidden,
  };
}

async function create(db: Db, user: AuthUser, name: string, ai: boolean): Promise<ThemeDetail> {
  return db.transaction(async (tx) => {
    const id = await insertTheme(tx, { name, createdByAi: ai, createdBy: user.id });
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action: ai ? 'theme.create_ai' : 'theme.create',
      themeId: id,
      newValue: { name, created_by_ai: ai },
    });
    return themeDetail(tx, id, user);
  });
}

/** POST themes/: a theme of the caller; no name is 'без имени' (product.md §5). */
export function createTheme(db: Db, body: ThemeCreateBody, user: AuthUser): Promise<ThemeDetail> {
  return create(db, user, themeNameOrDefault(body?.name), false);
}

/**
 * POST create_ai_theme/: a draft AI theme called `theme_name` with the recent messages that Russian
 * full-text search finds for the name, as its proposal (info reasons and AI markups; docs/ai-themes.md
 * "A theme by name"); with none found, the theme alone.
 */
export function createAiTheme(db: Db, body: ThemeAiCreateBody, user: AuthUser): Promise<ThemeDetail> {
  return db.transaction(async (tx) => {
    const found = await proposeNamedTheme(tx, body.theme_name, user.id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action: 'theme.create_ai',
      themeId: found.themeId,
      newValue: {
        name: body.theme_name,
        created_by_ai: true,
        messages: found.messages,
        info_reasons: found.infoReasons,
      },
    });
    return themeDetail(tx, found.themeId, user);
  });
}

/** Body field → stored column and the value the theme holds now. */
const FIELD_COLUMNS = {
  name: 'name',
  active: 'active',
  archived: 'archived',
  approved: 'approved',
  draft: 'draft',
  actual: 'actual',
  service: 'service',
  cluster_type: 'clusterType',
} as const satisfies Record<ThemeUpdateField, keyof ThemeRow>;

/** The log verb of a field: renames and archiving have their own, the rest is an update. */
function actionOf(field: ThemeUpdateField): string {
  if (field === 'name') return 'theme.rename';
  if (field === 'archived') return 'theme.archive';
  return 'theme.update';
}

/**
 * EDIT_THEME changes everything; ARCHIVE_THEME alone only `archived` (the route lets
 * either in). 403 names the first field the caller may not change.
 */
function assertMayChange(user: AuthUser, fields: readonly ThemeUpdateField[]): void {
  if (hasPermission(user, 'EDIT_THEME')) return;
  const denied = fields.find((field) => field !== 'archived');
  if (denied)
    throw forbidden('Изменять тему, кроме архивации, может только пользователь с правом EDIT_THEME', denied);
}

/** Writes the fields that differ and logs them, one entry per verb; a call that changes nothing logs nothing. */
async function applyChanges(
  db: Db,
  user: AuthUser,
  theme: ThemeRow,
  body: Partial<Record<ThemeUpdateField, unknown>>,
): Promise<void> {
  const columns: Record<string, unknown> = {};
  const entries = new Map<string, ActionEntry>();
  for (const field of Object.keys(FIELD_COLUMNS) as ThemeUpdateField[]) {
    const value = body[field];
    const column = FIELD_COLUMNS[field];
    if (value === undefined || value === theme[column]) continue;
    columns[column] = value;
    const action = actionOf(field);
    const entry = entries.get(action) ?? {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action,
      themeId: theme.id,
      oldValue: {},
      newValue: {},
    };
    (entry.oldValue as Record<string, unknown>)[field] = theme[column];
    (entry.newValue as Record<string, unknown>)[field] = value;
    entries.set(action, entry);
  }
  // Approving an AI theme moves its proposal's messages into it (docs/ai-themes.md "Approval").
  if (columns.approved === true) {
    const adopted = await adoptApprovedAiThemes(db, [theme.id]);
    const entry = entries.get('theme.update');
    if (entry && adopted.moved + adopted.kept_as_markups > 0)
      (entry.newValue as Record<string, unknown>).adopted = adopted;
  }
  await updateTheme(db, theme.id, columns as ThemeColumns);
  await logActions(db, [...entries.values()]);
}

/** PATCH themes/{id}/: the fields sent; answers the theme. */
export async function updateThemeFields(
  db: Db,
  themeId: number,
  body: ThemeUpdateBody,
  user: AuthUser,
): Promise<ThemeDetail> {
  const fields = (Object.keys(body) as ThemeUpdateField[]).filter((field) => body[field] !== undefined);
  assertMayChange(user, fields);
  return db.transaction(async (tx) => {
    const theme = await lockTheme(tx, themeId);
    await applyChanges(tx, user, theme, body);
    return themeDetail(tx, themeId, user);
  });
}

/** PATCH themes/{id}/name/: empty is 'без имени' (the schema did it). */
export async function renameTheme(
  db: Db,
  themeId: number,
  name: string,
  user: AuthUser,
): Promise<ThemeDetail> {
  return db.transaction(async (tx) => {
    const theme = await lockTheme(tx, themeId);
    await applyChanges(tx, user, theme, { name });
    return themeDetail(tx, themeId, user);
  });
}

/** PATCH themes/{id}/hide/: toggles `hidden` (the spec names the call only); answers the new value. */
export async function toggleHidden(db: Db, themeId: number, user: AuthUser): Promise<{ hidden: boolean }> {
  return db.transaction(async (tx) => {
    const theme = await lockTheme(tx, themeId);
    const hidden = !theme.hidden;
    await updateTheme(tx, themeId, { hidden });
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action: 'theme.hide',
      themeId,
      oldValue: { hidden: theme.hidden },
      newValue: { hidden },
    });
    return { hidden };
  });
}

/** PATCH themes/{id}/switch_favorite/: the caller's own flag. */
export async function switchFavourite(
  db: Db,
  themeId: number,
  user: AuthUser,
): Promise<{ is_favorite: boolean }> {
  return db.transaction(async (tx) => {
    await lockTheme(tx, themeId);
    const isFavorite = await toggleFavourite(tx, user.id, themeId);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action: 'theme.favorite',
      themeId,
      oldValue: { is_favorite: !isFavorite },
      newValue: { is_favorite: isFavorite },
    });
    return { is_favorite: isFavorite };
  });
}

/** PATCH themes/mass_archive/: all or nothing; answers the themes whose flag changed. */
export async function massArchive(
  db: Db,
  body: ThemeMassArchiveBody,
  user: AuthUser,
): Promise<ThemeMassArchiveResult> {
  return db.transaction(async (tx) => {
    const rows = await lockAllThemes(tx, body.ids);
    const changed = rows.filter((theme) => theme.archived !== body.archive).map((theme) => theme.id);
    await updateThemes(tx, changed, { archived: body.archive });
    await logActions(
      tx,
      changed.map((themeId) => ({
        userId: user.id,
        type: ACTION_TYPE.theme,
        action: 'theme.archive',
        themeId,
        oldValue: { archived: !body.archive },
        newValue: { archived: body.archive },
      })),
    );
    return { ids: changed, archived: body.archive };
  });
}

/** POST themes/approve/: approves the themes; answers every id sent (the route answers 202). */
export async function approveThemes(
  db: Db,
  ids: readonly number[],
  user: AuthUser,
): Promise<{ ids: number[] }> {
  return db.transaction(async (tx) => {
    const rows = await lockAllThemes(tx, ids);
    const changed = rows.filter((theme) => !theme.approved).map((theme) => theme.id);
    // AI themes take their proposal's messages (docs/ai-themes.md "Approval").
    const adopted = await adoptApprovedAiThemes(tx, changed);
    await updateThemes(tx, changed, { approved: true });
    await logActions(
      tx,
      changed.map((themeId) => ({
        userId: user.id,
        type: ACTION_TYPE.theme,
        action: 'theme.approve',
        themeId,
        oldValue: { approved: false },
        newValue: { approved: true, ...(adopted.moved + adopted.kept_as_markups > 0 ? { adopted } : {}) },
      })),
    );
    return { ids: [...ids] };
  });
}

/**
 * POST themes/{id}/merge_theme/ ("gluing", product.md §4): everything of theme {id} moves
 * to `theme` and theme {id} is deleted, in one transaction. Both themes get a log entry.
 */
export async function mergeTheme(
  db: Db,
  sourceId: number,
  body: ThemeMergeBody,
  user: AuthUser,
): Promise<ThemeMergeResult> {
  const targetId = body.theme;
  if (targetId === sourceId) {
    throw badRequest('Некорректное значение поля «theme»: тему нельзя склеить с ней самой', 'theme');
  }
  return db.transaction(async (tx) => {
    const locked = await lockThemes(tx, [sourceId, targetId]);
    const source = locked.find((t) => t.id === sourceId);
    const target = locked.find((t) => t.id === targetId);
    if (!source) throw notFound(NOT_FOUND);
    if (!target) {
      throw badRequest(`Некорректное значение поля «theme»: тема ${targetId} не найдена`, 'theme');
    }
    const moved = await moveThemeContents(tx, sourceId, targetId);
    await deleteThemeRow(tx, sourceId);
    const sourceRef = { id: source.id, name: source.name };
    const targetRef = { id: target.id, name: target.name };
    await logActions(tx, [
      {
        userId: user.id,
        type: ACTION_TYPE.theme,
        action: 'theme.merge',
        themeId: targetId,
        oldValue: { source: snapshot(source) },
        newValue: { target: targetRef, moved },
      },
      {
        userId: user.id,
        type: ACTION_TYPE.theme,
        action: 'theme.merge',
        themeId: sourceId,
        oldValue: { source: snapshot(source) },
        newValue: { target: targetRef, source: sourceRef, deleted: true },
      },
    ]);
    return { theme: await themeDetail(tx, targetId, user), source: sourceRef, moved };
  });
}

/** DELETE themes/{id}/: the theme goes; what named it keeps everything but the theme. */
export async function deleteTheme(db: Db, themeId: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const theme = await lockTheme(tx, themeId);
    const cleared = await clearThemeReferences(tx, themeId);
    await deleteThemeRow(tx, themeId);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action: 'theme.delete',
      themeId,
      oldValue: snapshot(theme),
      newValue: { deleted: true, cleared },
    });
  });
}
