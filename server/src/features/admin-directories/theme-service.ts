import {
  ACTION_TYPE,
  type AdminThemeItem,
  type AdminThemeMergeResult,
  type ThemeMergeCounts,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logActions } from '../../domain/action-log-queries.ts';
import { dropThemeLinks, moveThemeContents } from '../../domain/editing/theme-merge-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { setEntryFlag, THEME } from './entry-flags.ts';
import { adminThemeItem } from './list-service.ts';
import { mergeHooks } from './merge-hooks.ts';
import { checkMergeSet } from './merge-rules.ts';
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

/** POST admin/themes/{id}/archive/ {archive}. */
export function archiveTheme(db: Db, id: number, archive: boolean, user: AuthUser): Promise<AdminThemeItem> {
  return setEntryFlag(db, THEME, id, 'archived', archive, user);
}

/** PATCH admin/themes/{id}/deactivate/ (or {active: true} to bring it back). */
export function deactivateTheme(
  db: Db,
  id: number,
  active: boolean,
  user: AuthUser,
): Promise<AdminThemeItem> {
  return setEntryFlag(db, THEME, id, 'active', active, user);
}
