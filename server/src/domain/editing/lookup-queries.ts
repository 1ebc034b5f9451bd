import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { infoReasons, lomSources, loms, rubrics, tags, themes } from '../../db/schema/index.ts';

// Rows an edit refers to, looked up before it is applied (a missing one is a 400 naming the field).

export async function findTheme(db: Db, id: number) {
  const [row] = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, id));
  return row;
}

export async function findInfoReason(db: Db, id: number) {
  const [row] = await db
    .select({ id: infoReasons.id, themeId: infoReasons.themeId })
    .from(infoReasons)
    .where(eq(infoReasons.id, id));
  return row;
}

export async function findLom(db: Db, id: number) {
  const [row] = await db
    .select({ id: loms.id, name: loms.name, regionId: loms.regionId, cityId: loms.cityId })
    .from(loms)
    .where(eq(loms.id, id));
  return row;
}

export async function findLomSource(db: Db, id: number) {
  const [row] = await db
    .select({ id: lomSources.id, lomId: lomSources.lomId, sourceId: lomSources.sourceId })
    .from(lomSources)
    .where(eq(lomSources.id, id));
  return row;
}

/** Ids of the list that do not exist in the table. */
async function missingIds(
  db: Db,
  table: typeof rubrics | typeof tags | typeof themes,
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export const missingRubrics = (db: Db, ids: readonly number[]) => missingIds(db, rubrics, ids);
export const missingTags = (db: Db, ids: readonly number[]) => missingIds(db, tags, ids);
export const missingThemes = (db: Db, ids: readonly number[]) => missingIds(db, themes, ids);
