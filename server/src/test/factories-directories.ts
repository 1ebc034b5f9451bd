import type { Db } from '../db/client.ts';
import {
  cities,
  cityThemes,
  infoReasons,
  lomSources,
  loms,
  personalTags,
  regions,
  regionThemes,
  rubrics,
  sources,
  tags,
  themes,
} from '../db/schema/index.ts';

// Factories for the directory pick lists: every row takes its name, so a test can search for it.

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function dirLom(db: Db, name: string, overrides: Insert<typeof loms> = {}) {
  const [row] = await db
    .insert(loms)
    .values({ name, ...overrides })
    .returning();
  return row;
}

export async function dirTheme(db: Db, name: string, overrides: Insert<typeof themes> = {}) {
  const [row] = await db
    .insert(themes)
    .values({ name, ...overrides })
    .returning();
  return row;
}

export async function dirInfoReason(db: Db, name: string, overrides: Insert<typeof infoReasons> = {}) {
  const [row] = await db
    .insert(infoReasons)
    .values({ name, ...overrides })
    .returning();
  return row;
}

export async function dirRubric(db: Db, name: string, overrides: Insert<typeof rubrics> = {}) {
  const [row] = await db
    .insert(rubrics)
    .values({ name, ...overrides })
    .returning();
  return row;
}

/** A region, linked to `themeIds` (regions filter-list theme_in). */
export async function dirRegion(db: Db, name: string, themeIds: number[] = []) {
  const [row] = await db.insert(regions).values({ name }).returning();
  if (themeIds.length)
    await db.insert(regionThemes).values(themeIds.map((themeId) => ({ regionId: row.id, themeId })));
  return row;
}

export async function dirCity(db: Db, name: string, regionId: number | null, themeIds: number[] = []) {
  const [row] = await db.insert(cities).values({ name, regionId }).returning();
  if (themeIds.length)
    await db.insert(cityThemes).values(themeIds.map((themeId) => ({ cityId: row.id, themeId })));
  return row;
}

export async function dirTag(db: Db, name: string) {
  const [row] = await db.insert(tags).values({ name }).returning();
  return row;
}

export async function dirPersonalTag(db: Db, userId: number, name: string) {
  const [row] = await db.insert(personalTags).values({ userId, name }).returning();
  return row;
}

export async function dirSource(db: Db, name: string, icon = `${name.toLowerCase()}.svg`) {
  const [row] = await db.insert(sources).values({ name, icon }).returning();
  return row;
}

export async function dirLomSource(
  db: Db,
  lomId: number | null,
  sourceId: number,
  url: string,
  overrides: Insert<typeof lomSources> = {},
) {
  const [row] = await db
    .insert(lomSources)
    .values({ lomId, sourceId, url, coverage: 1000, ...overrides })
    .returning();
  return row;
}
