import {
  ACTION_TYPE,
  type ListEnvelope,
  pageInfo,
  type RubricCreateBody,
  type RubricItem,
  type RubricListQuery,
  type RubricLomItem,
  type RubricLomsQuery,
  type RubricPeriodQuery,
  type RubricType,
  type RubricUpdateBody,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { num } from '../../domain/aggregates/mood-table-presenter.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import { presentRubric, presentRubricLom } from './presenter.ts';
import {
  countRubricLoms,
  countRubrics,
  deleteRubric,
  existingThemeIds,
  insertRubric,
  type Period,
  type RubricBase,
  removeFromMessages,
  replaceThemes,
  rubricById,
  rubricLomPage,
  rubricPage,
  themeIdsOf,
  updateRubric,
} from './queries.ts';

const NOT_FOUND = 'Рубрика не найдена';

const periodOf = (query: RubricPeriodQuery): Period => ({
  after: query.wrote_at_after,
  before: query.wrote_at_before,
});

export async function listRubrics(db: Db, query: RubricListQuery): Promise<ListEnvelope<RubricItem>> {
  const { page, page_size: pageSize, search, type, archived } = query;
  const filter = { search: search || undefined, type, archived };
  const rows = await rubricPage(db, filter, periodOf(query), page, pageSize);
  // Past the last page no row carries the window's total.
  const total = rows.length ? num(rows[0].total) : page > 1 ? await countRubrics(db, filter) : 0;
  return { results: rows.map(presentRubric), ...pageInfo(page, pageSize, total) };
}

export async function getRubric(db: Db, id: number, query: RubricPeriodQuery): Promise<RubricItem> {
  const [row] = await rubricPage(db, { ids: [id] }, periodOf(query), 1, 1);
  if (!row) throw notFound(NOT_FOUND);
  return presentRubric(row);
}

async function requireRubric(db: Db, id: number, lock = false): Promise<RubricBase> {
  const rubric = await rubricById(db, id, lock);
  if (!rubric) throw notFound(NOT_FOUND);
  return rubric;
}

/** Themes belong to theme rubrics only, and must exist (400 naming `themes`). */
async function checkThemes(db: Db, type: RubricType, themeIds: readonly number[]): Promise<void> {
  if (!themeIds.length) return;
  if (type !== 'theme') throw badRequest('Темы можно задать только рубрике типа «theme»', 'themes');
  const known = await existingThemeIds(db, themeIds);
  const missing = themeIds.filter((id) => !known.has(id));
  if (missing.length) throw badRequest(`Темы не найдены: ${listedIds(missing)}`, 'themes');
}

export async function createRubric(db: Db, user: AuthUser, body: RubricCreateBody): Promise<RubricItem> {
  const id = await db.transaction(async (tx) => {
    await checkThemes(tx, body.type, body.themes);
    const rubricId = await insertRubric(tx, { name: body.name, type: body.type });
    await replaceThemes(tx, rubricId, body.themes);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'rubric.create',
      newValue: { id: rubricId, name: body.name, type: body.type, themes: body.themes },
    });
    return rubricId;
  });
  return getRubric(db, id, {});
}

export async function changeRubric(
  db: Db,
  user: AuthUser,
  id: number,
  body: RubricUpdateBody,
): Promise<RubricItem> {
  await db.transaction(async (tx) => {
    const before = await requireRubric(tx, id, true);
    const oldThemes = await themeIdsOf(tx, id);
    const type = body.type ?? before.type;
    // A rubric turned into type 'rubric' keeps no themes; otherwise `themes` replaces the list when sent.
    const themes = type === 'rubric' ? (body.themes ?? []) : (body.themes ?? oldThemes);
    await checkThemes(tx, type, themes);
    const changes: Partial<RubricBase> = {};
    if (body.name !== undefined && body.name !== before.name) changes.name = body.name;
    if (body.type !== undefined && body.type !== before.type) changes.type = body.type;
    if (body.archived !== undefined && body.archived !== before.archived) changes.archived = body.archived;
    const themesChanged = themes.length !== oldThemes.length || themes.some((t) => !oldThemes.includes(t));
    if (!Object.keys(changes).length && !themesChanged) return;
    await updateRubric(tx, id, changes);
    if (themesChanged) await replaceThemes(tx, id, themes);
    const oldValue: Record<string, unknown> = {};
    for (const key of Object.keys(changes) as (keyof RubricBase)[]) oldValue[key] = before[key];
    const newValue: Record<string, unknown> = { ...changes };
    if (themesChanged) {
      oldValue.themes = oldThemes;
      newValue.themes = [...themes].sort((a, b) => a - b);
    }
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'rubric.update',
      oldValue: { id, ...oldValue },
      newValue: { id, ...newValue },
    });
  });
  return getRubric(db, id, {});
}

/** Deletes the rubric, taking it off its messages first, in one transaction. */
export async function removeRubric(db: Db, user: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rubric = await requireRubric(tx, id, true);
    const themes = await themeIdsOf(tx, id);
    const messageCount = await removeFromMessages(tx, id);
    await deleteRubric(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'rubric.delete',
      oldValue: { ...rubric, themes, message_count: messageCount },
    });
  });
}

export async function rubricLoms(
  db: Db,
  id: number,
  query: RubricLomsQuery,
): Promise<ListEnvelope<RubricLomItem>> {
  await requireRubric(db, id);
  const { page, page_size: pageSize, ordering } = query;
  const search = query.search || undefined;
  const period = periodOf(query);
  const rows = await rubricLomPage(db, id, { period, search, ordering, page, pageSize });
  const total = rows.length
    ? num(rows[0].total)
    : page > 1
      ? await countRubricLoms(db, id, period, search)
      : 0;
  return { results: rows.map(presentRubricLom), ...pageInfo(page, pageSize, total) };
}
