import type {
  InfoReasonListQuery,
  InfoReasonOrdering,
  InfoReasonTheme,
  ListEnvelope,
  Mood,
  MoodCounts,
} from '@monitoring/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client.ts';
import { favouriteInfoReasons, infoReasons, themes } from '../../db/schema/index.ts';
import { pgArray } from '../../domain/pg-array.ts';

export {
  type Carriers,
  dropRepeatedMarkups,
  lockMessagesOf,
  moveCarriers,
  moveFavourites,
  type RemovedMarkup,
} from '../../domain/editing/info-reason-merge-queries.ts';

import {
  type PickListSpec,
  pickListWhere,
  pickPage,
  totalCount,
} from '../../domain/pick-lists/pick-list-queries.ts';

// SQL of the info reason directory: the admin list with its message counts and
// completeness, one item, and the writes (each called inside the service's transaction).

const ORDER: Record<InfoReasonOrdering, SQL[] | undefined> = {
  '-created_at': [desc(infoReasons.createdAt)],
  created_at: [asc(infoReasons.createdAt)],
  name: undefined,
  '-name': [sql`lower(${infoReasons.name}) desc`],
  id: [],
  '-id': [desc(infoReasons.id)],
};

function listSpec(query: InfoReasonListQuery): PickListSpec {
  const is = (column: AnyPgColumn, value: boolean | undefined) =>
    value === undefined ? undefined : eq(column, value);
  return {
    id: infoReasons.id,
    name: infoReasons.name,
    orderBy: ORDER[query.ordering],
    where: [
      query.theme_in?.length ? inArray(infoReasons.themeId, query.theme_in) : undefined,
      query.theme_isnull === undefined
        ? undefined
        : query.theme_isnull
          ? isNull(infoReasons.themeId)
          : isNotNull(infoReasons.themeId),
      is(infoReasons.active, query.active),
      is(infoReasons.archived, query.archived),
      is(infoReasons.ai, query.ai),
    ],
  };
}

/** The columns of an item but its message figures; `is_favorite` is the caller's. */
function itemFields(userId: number) {
  return {
    id: infoReasons.id,
    name: infoReasons.name,
    createdAt: infoReasons.createdAt,
    active: infoReasons.active,
    archived: infoReasons.archived,
    targetTonality: infoReasons.targetTonality,
    ai: infoReasons.ai,
    themeId: themes.id,
    themeName: themes.name,
    themeApproved: themes.approved,
    isFavorite: sql<boolean>`exists (select 1 from ${favouriteInfoReasons} f
      where f.user_id = ${userId} and f.info_reason_id = ${infoReasons.id})`.mapWith(Boolean),
  };
}

export type ItemRow = {
  id: number;
  name: string;
  createdAt: Date;
  active: boolean;
  archived: boolean;
  targetTonality: number | null;
  ai: boolean;
  themeId: number | null;
  themeName: string | null;
  themeApproved: boolean | null;
  isFavorite: boolean;
};

export interface Figures {
  messageCount: number;
  /** Verified live messages per mood. */
  verified: MoodCounts;
}

/**
 * Per info reason: its messages but trash, and its verified live messages per mood
 * (verified, not trash, archived or delayed), by the primary classification. One
 * grouped pass over the (info_reason_id, wrote_at) index for the whole page.
 */
export async function figuresOf(db: Db, ids: readonly number[]): Promise<Map<number, Figures>> {
  const figures = new Map<number, Figures>(ids.map((id) => [id, { messageCount: 0, verified: {} }]));
  if (ids.length === 0) return figures;
  const rows = await queryRows<{
    info_reason_id: number;
    mood: number | null;
    messages: number;
    verified: number;
  }>(
    db,
    sql`select info_reason_id, mood,
               count(*) filter (where not trash)::int as messages,
               count(*) filter (where verified and not trash and not archived and not delayed)::int as verified
          from messages
         where info_reason_id = any(${pgArray(ids)}::int[])
         group by info_reason_id, mood`,
  );
  for (const row of rows) {
    const entry = figures.get(row.info_reason_id);
    if (!entry) continue;
    entry.messageCount += Number(row.messages);
    if (row.mood !== null) entry.verified[row.mood as Mood] = Number(row.verified);
  }
  return figures;
}

export async function listInfoReasonRows(
  db: Db,
  query: InfoReasonListQuery,
  userId: number,
): Promise<ListEnvelope<ItemRow>> {
  const page = await pickPage(
    () =>
      db
        .select({ ...itemFields(userId), total: totalCount() })
        .from(infoReasons)
        .leftJoin(themes, eq(themes.id, infoReasons.themeId))
        .$dynamic(),
    listSpec(query),
    query,
    (row): ItemRow => row,
  );
  return page;
}

export async function countInfoReasons(db: Db, query: InfoReasonListQuery): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(infoReasons)
    .where(pickListWhere(listSpec(query), query));
  return row?.total ?? 0;
}

export async function findInfoReasonRow(db: Db, id: number, userId: number): Promise<ItemRow | null> {
  const rows = await db
    .select(itemFields(userId))
    .from(infoReasons)
    .leftJoin(themes, eq(themes.id, infoReasons.themeId))
    .where(eq(infoReasons.id, id));
  return rows[0] ?? null;
}

// ---- Writes ----

export interface LockedInfoReason {
  id: number;
  name: string;
  themeId: number | null;
  active: boolean;
  archived: boolean;
  targetTonality: number | null;
}

/** The info reasons that exist among `ids`, locked for the transaction in id order. */
export async function lockInfoReasons(db: Db, ids: readonly number[]): Promise<LockedInfoReason[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: infoReasons.id,
      name: infoReasons.name,
      themeId: infoReasons.themeId,
      active: infoReasons.active,
      archived: infoReasons.archived,
      targetTonality: infoReasons.targetTonality,
    })
    .from(infoReasons)
    .where(inArray(infoReasons.id, [...ids]))
    .orderBy(asc(infoReasons.id))
    .for('update');
}

export async function insertInfoReason(db: Db, values: typeof infoReasons.$inferInsert): Promise<number> {
  const [row] = await db.insert(infoReasons).values(values).returning({ id: infoReasons.id });
  return row.id;
}

export async function updateInfoReasons(
  db: Db,
  ids: readonly number[],
  set: Partial<typeof infoReasons.$inferInsert>,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(infoReasons)
    .set(set)
    .where(inArray(infoReasons.id, [...ids]));
}

export async function findTheme(db: Db, id: number): Promise<InfoReasonTheme | null> {
  const [row] = await db
    .select({ id: themes.id, name: themes.name, approved: themes.approved })
    .from(themes)
    .where(eq(themes.id, id));
  return row ?? null;
}

/** The theme of this name, any case: a live one before an archived one, then the oldest. */
export async function findThemeByName(db: Db, name: string): Promise<InfoReasonTheme | null> {
  const [row] = await db
    .select({ id: themes.id, name: themes.name, approved: themes.approved })
    .from(themes)
    .where(sql`lower(${themes.name}) = lower(${name})`)
    .orderBy(asc(themes.archived), asc(themes.id))
    .limit(1);
  return row ?? null;
}

export async function insertTheme(db: Db, name: string, userId: number): Promise<InfoReasonTheme> {
  const [row] = await db
    .insert(themes)
    .values({ name, createdBy: userId })
    .returning({ id: themes.id, name: themes.name, approved: themes.approved });
  return row;
}

export async function isFavourite(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: favouriteInfoReasons.infoReasonId })
    .from(favouriteInfoReasons)
    .where(and(eq(favouriteInfoReasons.userId, userId), eq(favouriteInfoReasons.infoReasonId, id)));
  return row !== undefined;
}

export async function setFavourite(db: Db, userId: number, id: number, favourite: boolean): Promise<void> {
  if (favourite) {
    await db.insert(favouriteInfoReasons).values({ userId, infoReasonId: id }).onConflictDoNothing();
    return;
  }
  await db
    .delete(favouriteInfoReasons)
    .where(and(eq(favouriteInfoReasons.userId, userId), eq(favouriteInfoReasons.infoReasonId, id)));
}

/** Deletes the info reason; its favourites go with it (cascade). */
export async function deleteInfoReason(db: Db, id: number): Promise<void> {
  await db.delete(infoReasons).where(eq(infoReasons.id, id));
}
