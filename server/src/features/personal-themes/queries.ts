import type {
  ListEnvelope,
  MessageFilterObject,
  PersonalThemeItem,
  PersonalThemeListQuery,
  ProfileFavouriteInfoReasonItem,
  ProfileFavouriteThemeItem,
  ProfileListQuery,
  ProfilePersonalThemeItem,
} from '@monitoring/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  favouriteInfoReasons,
  favouriteThemes,
  infoReasons,
  personalThemes,
  themes,
} from '../../db/schema/index.ts';
import { type PickListSpec, pickPage, totalCount } from '../../domain/pick-lists/pick-list-queries.ts';
import { presentPersonalTheme } from './presenter.ts';

// SQL of a user's own personal themes and of the profile's lists: always the caller's
// rows alone, newest first (the last saved or starred on top), a page at a time.

export type PersonalThemeRow = typeof personalThemes.$inferSelect;

function personalThemeSpec(userId: number, typeIn: number[] | undefined): PickListSpec {
  return {
    id: personalThemes.id,
    name: personalThemes.name,
    where: [
      eq(personalThemes.userId, userId),
      typeIn?.length ? inArray(personalThemes.type, typeIn) : undefined,
    ],
    orderBy: [desc(personalThemes.createdAt), desc(personalThemes.id)],
  };
}

/** GET personal-themes/: the caller's saved filters, whole. */
export function listPersonalThemes(
  db: Db,
  userId: number,
  query: PersonalThemeListQuery,
): Promise<ListEnvelope<PersonalThemeItem>> {
  return pickPage(
    () => db.select({ theme: personalThemes, total: totalCount() }).from(personalThemes).$dynamic(),
    personalThemeSpec(userId, query.type_in),
    query,
    (row) => presentPersonalTheme(row.theme),
  );
}

/** GET profile/personal_themes/: the same rows as cards, without their filters. */
export function listProfilePersonalThemes(
  db: Db,
  userId: number,
  query: PersonalThemeListQuery,
): Promise<ListEnvelope<ProfilePersonalThemeItem>> {
  return pickPage(
    () =>
      db
        .select({
          id: personalThemes.id,
          name: personalThemes.name,
          type: personalThemes.type,
          createdAt: personalThemes.createdAt,
          total: totalCount(),
        })
        .from(personalThemes)
        .$dynamic(),
    personalThemeSpec(userId, query.type_in),
    query,
    (row) => ({ id: row.id, name: row.name, type: row.type, created_at: row.createdAt.toISOString() }),
  );
}

/** The user's own personal theme; another user's is as absent as a missing one. */
export async function findPersonalTheme(
  db: Db,
  userId: number,
  id: number,
): Promise<PersonalThemeRow | null> {
  const [row] = await db
    .select()
    .from(personalThemes)
    .where(and(eq(personalThemes.id, id), eq(personalThemes.userId, userId)));
  return row ?? null;
}

export async function updatePersonalThemeRow(
  db: Db,
  id: number,
  values: { name?: string; filters?: MessageFilterObject; type?: number },
): Promise<PersonalThemeRow> {
  const [row] = await db
    .update(personalThemes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(personalThemes.id, id))
    .returning();
  return row;
}

/** Deletes the theme; its dashboard's loms go with it (foreign key cascade). */
export async function deletePersonalThemeRow(db: Db, id: number): Promise<void> {
  await db.delete(personalThemes).where(eq(personalThemes.id, id));
}

/** GET profile/favourite_themes/: the themes the caller starred. */
export function listFavouriteThemes(
  db: Db,
  userId: number,
  query: ProfileListQuery,
): Promise<ListEnvelope<ProfileFavouriteThemeItem>> {
  return pickPage(
    () =>
      db
        .select({
          id: themes.id,
          name: themes.name,
          active: themes.active,
          archived: themes.archived,
          total: totalCount(),
        })
        .from(favouriteThemes)
        .innerJoin(themes, eq(themes.id, favouriteThemes.themeId))
        .$dynamic(),
    {
      id: themes.id,
      name: themes.name,
      where: [eq(favouriteThemes.userId, userId)],
      orderBy: [desc(favouriteThemes.createdAt)],
    },
    query,
    (row) => ({ id: row.id, name: row.name, active: row.active, archived: row.archived }),
  );
}

/** GET profile/favorite_inforeason/: the info reasons the caller starred, with their theme. */
export function listFavouriteInfoReasons(
  db: Db,
  userId: number,
  query: ProfileListQuery,
): Promise<ListEnvelope<ProfileFavouriteInfoReasonItem>> {
  return pickPage(
    () =>
      db
        .select({
          id: infoReasons.id,
          name: infoReasons.name,
          themeId: themes.id,
          themeName: themes.name,
          total: totalCount(),
        })
        .from(favouriteInfoReasons)
        .innerJoin(infoReasons, eq(infoReasons.id, favouriteInfoReasons.infoReasonId))
        .leftJoin(themes, eq(themes.id, infoReasons.themeId))
        .$dynamic(),
    {
      id: infoReasons.id,
      name: infoReasons.name,
      where: [eq(favouriteInfoReasons.userId, userId)],
      orderBy: [desc(favouriteInfoReasons.createdAt)],
    },
    query,
    (row) => ({
      id: row.id,
      name: row.name,
      theme: row.themeId === null || row.themeName === null ? null : { id: row.themeId, name: row.themeName },
    }),
  );
}
