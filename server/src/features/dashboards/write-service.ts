import {
  ACTION_TYPE,
  type DashboardAddLomsBody,
  type DashboardCopyLomsResponse,
  type DashboardLomCount,
  type DashboardPinResult,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { type ActionEntry, logActions } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import { deleteConstantLoms, existingLomIds, tonalitiesOf, upsertConstantLoms } from './lom-queries.ts';
import { isPinned, pinTheme, unpinTheme } from './pinned-queries.ts';
import { type DashboardSet, personalThemeById, themeById } from './queries.ts';
import { lomCountOf, NOT_FOUND } from './service.ts';

// The dashboard's writes: its constant loms and the pinned themes (the reads: service.ts).

type WritableSet = Extract<DashboardSet, { kind: 'theme' | 'personal' }>;

export function actionOf(
  set: WritableSet,
  verb: string,
  lomId: number | null,
  oldValue: unknown,
  newValue: unknown,
) {
  const theme = set.kind === 'theme';
  return {
    type: theme ? ACTION_TYPE.theme : ACTION_TYPE.dashboard,
    action: `${theme ? 'theme_dashboard' : 'personal_dashboard'}.${verb}`,
    themeId: theme ? set.id : null,
    lomId,
    oldValue,
    newValue: { ...(theme ? {} : { personal_theme_id: set.id }), ...(newValue as object) },
  } satisfies Omit<ActionEntry, 'userId'>;
}

async function requireLoms(db: Db, ids: readonly number[]): Promise<void> {
  const known = await existingLomIds(db, ids);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw badRequest(`ЛОМ не найдены: ${listedIds(missing)}`, 'loms');
}

export async function addLoms(
  db: Db,
  user: AuthUser,
  set: WritableSet,
  body: DashboardAddLomsBody,
): Promise<DashboardLomCount> {
  return db.transaction(async (tx) => {
    await requireLoms(tx, body.loms);
    const before = await tonalitiesOf(tx, set, body.loms);
    const changed = body.loms.filter((id) => before.get(id) !== body.tonality);
    await upsertConstantLoms(
      tx,
      set,
      changed.map((lomId) => ({ lomId, tonality: body.tonality })),
    );
    await logActions(
      tx,
      changed.map((lomId) => ({
        userId: user.id,
        ...actionOf(
          set,
          before.has(lomId) ? 'move_lom' : 'add_lom',
          lomId,
          before.has(lomId) ? { tonality: before.get(lomId) } : null,
          { tonality: body.tonality },
        ),
      })),
    );
    return lomCountOf(tx, set);
  });
}

export async function removeLoms(
  db: Db,
  user: AuthUser,
  set: WritableSet,
  lomIds: readonly number[],
): Promise<DashboardLomCount> {
  return db.transaction(async (tx) => {
    await requireLoms(tx, lomIds);
    const before = await tonalitiesOf(tx, set, lomIds);
    const removed = lomIds.filter((id) => before.has(id));
    await deleteConstantLoms(tx, set, removed);
    await logActions(
      tx,
      removed.map((lomId) => ({
        userId: user.id,
        ...actionOf(set, 'remove_lom', lomId, { tonality: before.get(lomId) }, {}),
      })),
    );
    return lomCountOf(tx, set);
  });
}

/**
 * Copies the constant loms (with their lists) of another theme, or of another personal
 * theme of the same owner, into this dashboard; a lom already here takes the source's list.
 */
export async function copyLoms(
  db: Db,
  user: AuthUser,
  set: WritableSet,
  sourceId: number,
): Promise<DashboardCopyLomsResponse> {
  if (sourceId === set.id) throw badRequest('Нельзя скопировать ЛОМ дашборда в него же', 'theme');
  const source: WritableSet =
    set.kind === 'theme' ? { kind: 'theme', id: sourceId } : { kind: 'personal', id: sourceId, filter: {} };
  if (set.kind === 'theme') {
    if (!(await themeById(db, sourceId))) throw badRequest(`Тема ${sourceId} не найдена`, 'theme');
  } else {
    const other = await personalThemeById(db, sourceId);
    if (!other || Number(other.user_id) !== user.id)
      throw badRequest(`Личная тема ${sourceId} не найдена`, 'theme');
  }
  return db.transaction(async (tx) => {
    const from = await tonalitiesOf(tx, source, null);
    const before = await tonalitiesOf(tx, set, [...from.keys()]);
    const entries = [...from.entries()]
      .filter(([lomId, tonality]) => before.get(lomId) !== tonality)
      .map(([lomId, tonality]) => ({ lomId, tonality }));
    await upsertConstantLoms(tx, set, entries);
    await logActions(
      tx,
      entries.map((e) => ({
        userId: user.id,
        ...actionOf(
          set,
          'copy_lom',
          e.lomId,
          before.has(e.lomId) ? { tonality: before.get(e.lomId) } : null,
          { tonality: e.tonality, from: sourceId },
        ),
      })),
    );
    return { ...(await lomCountOf(tx, set)), copied: entries.length };
  });
}

// ---- Pinned themes ----

export async function pinDashboardTheme(
  db: Db,
  user: AuthUser,
  themeId: number,
): Promise<DashboardPinResult> {
  return db.transaction(async (tx) => {
    const theme = await themeById(tx, themeId);
    if (!theme) throw badRequest(`Тема ${themeId} не найдена`, 'theme');
    if (theme.archived) throw badRequest('Тема в архиве', 'theme');
    if (await isPinned(tx, themeId)) throw badRequest('Тема уже закреплена на дашборде', 'theme');
    const position = await pinTheme(tx, themeId, user.id);
    await logActions(tx, [
      {
        userId: user.id,
        type: ACTION_TYPE.theme,
        action: 'theme_dashboard.pin',
        themeId,
        newValue: { position },
      },
    ]);
    return { id: themeId, name: theme.name, position };
  });
}

export async function unpinDashboardTheme(db: Db, user: AuthUser, themeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await themeById(tx, themeId))) throw notFound(NOT_FOUND.theme);
    if (!(await unpinTheme(tx, themeId))) throw notFound('Тема не закреплена на дашборде');
    await logActions(tx, [
      { userId: user.id, type: ACTION_TYPE.theme, action: 'theme_dashboard.unpin', themeId },
    ]);
  });
}
