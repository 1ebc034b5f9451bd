import {
  ACTION_TYPE,
  type AdminConvertResult,
  type AdminInfoReasonItem,
  type AdminInfoReasonMergeResult,
  type AdminUpdatedResult,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logActions } from '../../domain/action-log-queries.ts';
import {
  dropFavourites,
  dropRepeatedMarkups,
  lockMessagesOf,
  moveCarriers,
  moveFavourites,
} from '../../domain/editing/info-reason-merge-queries.ts';
import { moveInfoReasonsToTheme } from '../../domain/editing/info-reason-theme.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import { INFO_REASON, setEntryFlag } from './entry-flags.ts';
import { adminInfoReasonItem } from './list-service.ts';
import { mergeHooks } from './merge-hooks.ts';
import { checkMergeSet } from './merge-rules.ts';
import * as q from './queries.ts';

/** The info reasons of /admin-panel/info-reasons (docs/admin-directories.md). */

const notFoundOne = (id: number) => notFound(`Инфоповод ${id} не найден`);

/**
 * POST admin/info-reasons/{id}/merge/: every info reason of the queryset goes into {id} (docs/info-reasons.md
 * "Merging": messages, fragments, quotes and markups move, repeated markups are dropped, favourites carry over; the
 * rollups follow by the triggers of messages) and stays as an inactive row. One transaction.
 */
export async function mergeInfoReasons(
  db: Db,
  targetId: number,
  queryset: readonly number[],
  user: AuthUser,
): Promise<AdminInfoReasonMergeResult> {
  if (queryset.includes(targetId)) {
    throw badRequest(
      'Некорректное значение поля «queryset»: инфоповод нельзя объединить с самим собой',
      'queryset',
    );
  }
  return db.transaction(async (tx) => {
    const locked = await q.lockInfoReasons(tx, [targetId, ...queryset]);
    const { target, sources } = checkMergeSet(locked, targetId, queryset, {
      notFound: `Инфоповод ${targetId} не найден`,
      inactiveTarget: 'инфоповод неактивен (уже объединён с другим)',
      missing: 'инфоповоды не найдены',
    });
    const moved = { messages: 0, fragments: 0, quotes: 0, markups: 0, markups_dropped: 0, favourites: 0 };
    for (const source of sources) {
      await lockMessagesOf(tx, source.id);
      const carriers = await moveCarriers(tx, source.id, targetId);
      const removed = await dropRepeatedMarkups(tx, targetId, carriers.markup_ids);
      const favouriteUsers = await moveFavourites(tx, source.id, targetId);
      await dropFavourites(tx, source.id);
      await q.setFlag(tx, 'info_reasons', [source.id], 'active', false);
      moved.messages += carriers.message_ids.length;
      moved.fragments += carriers.fragment_ids.length;
      moved.quotes += carriers.quote_ids.length;
      moved.markups += carriers.markup_ids.length - removed.length;
      moved.markups_dropped += removed.length;
      moved.favourites += favouriteUsers.length;
      await logActions(tx, [
        {
          userId: user.id,
          type: ACTION_TYPE.infoReason,
          action: 'info_reason.merge',
          infoReasonId: targetId,
          themeId: target.theme_id,
          oldValue: {
            id: source.id,
            name: source.name,
            theme_id: source.theme_id,
            ...carriers,
            removed_markups: removed,
          },
          newValue: { into: targetId, favourite_users_added: favouriteUsers, via: 'admin' },
        },
        {
          userId: user.id,
          type: ACTION_TYPE.infoReason,
          action: 'info_reason.merge',
          infoReasonId: source.id,
          themeId: source.theme_id,
          oldValue: { active: true },
          newValue: { into: targetId, active: false },
        },
      ]);
      await mergeHooks.afterEach(source.id);
    }
    return {
      info_reason: await adminInfoReasonItem(tx, targetId),
      merged: sources.map((row) => ({ id: row.id, name: row.name })),
      moved,
    };
  });
}

async function lockOne(db: Db, id: number): Promise<q.LockedEntry> {
  const [row] = await q.lockInfoReasons(db, [id]);
  if (!row) throw notFoundOne(id);
  return row;
}

/** All of `ids`, locked; 400 naming `field` and the missing ones otherwise (all or none). */
async function lockAll(db: Db, ids: readonly number[], field: string): Promise<q.LockedEntry[]> {
  const rows = await q.lockInfoReasons(db, ids);
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id)).sort((a, b) => a - b);
    throw badRequest(
      `Некорректное значение поля «${field}»: инфоповоды не найдены: ${listedIds(missing)}`,
      field,
    );
  }
  return rows;
}

/** PATCH admin/info-reasons/{id}/archive/ {archive}. */
export function archiveInfoReason(db: Db, id: number, archive: boolean, user: AuthUser) {
  return setEntryFlag(db, INFO_REASON, id, 'archived', archive, user);
}

/** PATCH admin/info-reasons/{id}/deactivate/ (or {active: true}). */
export function deactivateInfoReason(db: Db, id: number, active: boolean, user: AuthUser) {
  return setEntryFlag(db, INFO_REASON, id, 'active', active, user);
}

/** Sets the theme of the locked info reasons; one log entry per info reason that changed. */
function moveToTheme(db: Db, rows: readonly q.LockedEntry[], themeId: number | null, user: AuthUser) {
  const current = rows.map((row) => ({ id: row.id, themeId: row.theme_id }));
  return moveInfoReasonsToTheme(db, user, current, themeId);
}

/** POST admin/info-reasons/clear-theme/ {queryset}: all or none; messages keep their theme. */
export async function clearTheme(
  db: Db,
  queryset: readonly number[],
  user: AuthUser,
): Promise<AdminUpdatedResult> {
  return db.transaction(async (tx) => ({
    updated: await moveToTheme(tx, await lockAll(tx, queryset, 'queryset'), null, user),
  }));
}

/** POST admin/info-reasons/{id}/set_theme/ {theme}: an active theme (400 naming `theme` otherwise). */
export async function setTheme(
  db: Db,
  id: number,
  themeId: number,
  user: AuthUser,
): Promise<AdminInfoReasonItem> {
  return db.transaction(async (tx) => {
    const row = await lockOne(tx, id);
    const [theme] = await q.lockThemes(tx, [themeId]);
    if (!theme) throw badRequest(`Некорректное значение поля «theme»: тема ${themeId} не найдена`, 'theme');
    if (!theme.active) {
      throw badRequest(`Некорректное значение поля «theme»: тема ${themeId} неактивна`, 'theme');
    }
    await moveToTheme(tx, [row], themeId, user);
    return adminInfoReasonItem(tx, id);
  });
}

/**
 * PATCH admin/info-reasons/convert_to_theme/ {ids, include_markups}: each info reason becomes a theme of its name
 * (made by AI when the info reason was). With include_markups, every message that carries the info reason (its
 * primary classification or a markup) gets a markup of the new theme. The info reason stays, deactivated, with
 * everything it carried, so a conversion loses nothing. Inactive info reasons are refused (400 naming `ids`).
 */
export async function convertToTheme(
  db: Db,
  ids: readonly number[],
  includeMarkups: boolean,
  user: AuthUser,
): Promise<AdminConvertResult> {
  return db.transaction(async (tx) => {
    const rows = await lockAll(tx, ids, 'ids');
    const inactive = rows.filter((row) => !row.active).map((row) => row.id);
    if (inactive.length > 0) {
      throw badRequest(
        `Некорректное значение поля «ids»: инфоповоды неактивны (уже преобразованы или объединены): ${listedIds(inactive)}`,
        'ids',
      );
    }
    const converted: AdminConvertResult['converted'] = [];
    for (const row of rows) {
      const themeId = await q.insertTheme(tx, row.name, row.ai, user.id);
      const markups = includeMarkups ? await q.markMessagesWithTheme(tx, row.id, themeId, user.id) : 0;
      await q.setFlag(tx, 'info_reasons', [row.id], 'active', false);
      await logActions(tx, [
        {
          userId: user.id,
          type: ACTION_TYPE.theme,
          action: 'theme.create',
          themeId,
          newValue: {
            name: row.name,
            created_by_ai: row.ai,
            via: 'info_reason.convert_to_theme',
            info_reason_id: row.id,
          },
        },
        {
          userId: user.id,
          type: ACTION_TYPE.infoReason,
          action: 'info_reason.convert_to_theme',
          infoReasonId: row.id,
          themeId: row.theme_id,
          oldValue: { active: true },
          newValue: {
            active: false,
            theme: { id: themeId, name: row.name },
            include_markups: includeMarkups,
            markups,
          },
        },
      ]);
      converted.push({
        info_reason: { id: row.id, name: row.name },
        theme: { id: themeId, name: row.name },
        markups,
      });
    }
    return { converted };
  });
}
