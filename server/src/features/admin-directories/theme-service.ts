import {
  ACTION_TYPE,
  type AdminThemeItem,
  type AdminThemeMergeResult,
  type ThemeMergeCounts,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction, logActions } from '../../domain/action-log-queries.ts';
import { dropThemeLinks, moveThemeContents } from '../../domain/editing/theme-merge-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import { adminThemeItem } from './list-service.ts';
import { mergeHooks } from './merge-hooks.ts';
import * as q from './queries.ts';

/** The themes of /admin-panel/themes: merge, archive, deactivate (docs/admin-directories.md). */

const NOT_FOUND = 'Тема не найдена';

function addCounts(sum: ThemeMergeCounts, more: ThemeMergeCounts): ThemeMergeCounts {
  const out = { ...sum };
  for (const key of Object.keys(more) as (keyof ThemeMergeCounts)[]) out[key] += more[key];
  return out;
}

const ZERO: ThemeMergeCounts = {
  messages: 0,
  fragments: 0,
  quotes: 0,
  markups: 0,
  markups_dropped: 0,
  info_reasons: 0,
  favourites: 0,
  rubrics: 0,
  regions: 0,
  cities: 0,
  conversations: 0,
  lom_types: 0,
  lom_focuses: 0,
  dashboard_loms: 0,
  dashboard: 0,
};

/**
 * The entries of a merge, locked: the target {id} (404 unknown, 400 naming `id` when inactive) and the queryset
 * (400 naming `queryset` for {id} itself, unknown ids, or entries already merged, i.e. inactive).
 */
export function checkMergeSet(
  locked: readonly q.LockedEntry[],
  targetId: number,
  queryset: readonly number[],
  words: { notFound: string; inactiveTarget: string; missing: string },
): { target: q.LockedEntry; sources: q.LockedEntry[] } {
  const target = locked.find((row) => row.id === targetId);
  if (!target) throw notFound(words.notFound);
  if (!target.active) {
    throw badRequest(`Некорректное значение поля «id»: ${words.inactiveTarget}`, 'id');
  }
  const found = new Set(locked.map((row) => row.id));
  const missing = queryset.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw badRequest(
      `Некорректное значение поля «queryset»: ${words.missing}: ${listedIds(missing)}`,
      'queryset',
    );
  }
  const sources = locked.filter((row) => queryset.includes(row.id));
  const inactive = sources.filter((row) => !row.active).map((row) => row.id);
  if (inactive.length > 0) {
    throw badRequest(
      `Некорректное значение поля «queryset»: уже объединены или неактивны: ${listedIds(inactive)}`,
      'queryset',
    );
  }
  return { target, sources };
}

/**
 * POST admin/themes/{id}/merge/: every theme of the queryset goes into {id} (docs/themes.md "Gluing": messages,
 * markups, fragments, quotes, info reasons and links move; the rollups follow by the triggers of messages) and
 * stays as an inactive row, so a second merge of it is refused. One transaction; one log entry per theme.
 */
export async function mergeThemes(
  db: Db,
  targetId: number,
  queryset: readonly number[],
  user: AuthUser,
): Promise<AdminThemeMergeResult> {
  if (queryset.includes(targetId)) {
    throw badRequest('Некорректное значение поля «queryset»: тему нельзя объединить с ней самой', 'queryset');
  }
  return db.transaction(async (tx) => {
    const locked = await q.lockThemes(tx, [targetId, ...queryset]);
    const { target, sources } = checkMergeSet(locked, targetId, queryset, {
      notFound: NOT_FOUND,
      inactiveTarget: 'тема неактивна (уже объединена с другой)',
      missing: 'темы не найдены',
    });
    let total = ZERO;
    for (const source of sources) {
      const moved = await moveThemeContents(tx, source.id, targetId);
      await dropThemeLinks(tx, source.id);
      await q.setFlag(tx, 'themes', [source.id], 'active', false);
      total = addCounts(total, moved);
      await logActions(tx, [
        {
          userId: user.id,
          type: ACTION_TYPE.theme,
          action: 'theme.merge',
          themeId: targetId,
          oldValue: { source: { id: source.id, name: source.name } },
          newValue: { target: { id: target.id, name: target.name }, moved, via: 'admin' },
        },
        {
          userId: user.id,
          type: ACTION_TYPE.theme,
          action: 'theme.merge',
          themeId: source.id,
          oldValue: { source: { id: source.id, name: source.name, active: true } },
          newValue: { target: { id: target.id, name: target.name }, active: false },
        },
      ]);
      await mergeHooks.afterEach(source.id);
    }
    return {
      theme: await adminThemeItem(tx, targetId),
      merged: sources.map((row) => ({ id: row.id, name: row.name })),
      moved: total,
    };
  });
}

async function lockOne(db: Db, id: number): Promise<q.LockedEntry> {
  const [row] = await q.lockThemes(db, [id]);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Sets one flag of a theme and logs it when it changed; answers the row. */
async function setThemeFlag(
  db: Db,
  id: number,
  column: 'active' | 'archived',
  value: boolean,
  user: AuthUser,
): Promise<AdminThemeItem> {
  return db.transaction(async (tx) => {
    const row = await lockOne(tx, id);
    if (row[column] !== value) {
      await q.setFlag(tx, 'themes', [id], column, value);
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.theme,
        action: column === 'archived' ? 'theme.archive' : 'theme.deactivate',
        themeId: id,
        oldValue: { [column]: row[column] },
        newValue: { [column]: value },
      });
    }
    return adminThemeItem(tx, id);
  });
}

/** POST admin/themes/{id}/archive/ {archive}. */
export function archiveTheme(db: Db, id: number, archive: boolean, user: AuthUser): Promise<AdminThemeItem> {
  return setThemeFlag(db, id, 'archived', archive, user);
}

/** PATCH admin/themes/{id}/deactivate/ (or {active: true} to bring it back). */
export function deactivateTheme(
  db: Db,
  id: number,
  active: boolean,
  user: AuthUser,
): Promise<AdminThemeItem> {
  return setThemeFlag(db, id, 'active', active, user);
}
