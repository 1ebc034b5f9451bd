import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  cities,
  cityThemes,
  infoReasons,
  messagePersonalTags,
  personalTags,
  regions,
  regionThemes,
  rubrics,
  sources,
  tags,
  themes,
} from '../db/schema/index.ts';

// Factories for the directories a message is classified by: sources, themes, info reasons, rubrics, tags,
// personal tags, regions and cities. Each takes its row's columns as overrides and names the row when not told.

let sequence = 0;
const next = () => ++sequence;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

/** A source (platform); its icon stays empty unless given. */
export async function buildSource(db: Db, overrides: Insert<typeof sources> = {}) {
  const [row] = await db
    .insert(sources)
    .values({ name: `Источник ${next()}`, ...overrides })
    .returning();
  return row;
}

/** The two platforms the ingestion tests send to, by name and host, with ids 1 and 2 (the sequence moved past them). */
export async function buildIngestSources(db: Db) {
  await db.insert(sources).values([
    { id: 1, name: 'Telegram', host: 't.me' },
    { id: 2, name: 'ВКонтакте', host: 'vk.com' },
  ]);
  await db.execute(sql`select setval(pg_get_serial_sequence('sources', 'id'), 2)`);
}

export async function buildTheme(db: Db, overrides: Insert<typeof themes> = {}) {
  const [row] = await db
    .insert(themes)
    .values({ name: `Тема ${next()}`, ...overrides })
    .returning();
  return row;
}

/** An info reason, of no theme unless `themeId` is given. */
export async function buildInfoReason(db: Db, overrides: Insert<typeof infoReasons> = {}) {
  const [row] = await db
    .insert(infoReasons)
    .values({ name: `Инфоповод ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function buildRubric(db: Db, overrides: Insert<typeof rubrics> = {}) {
  const [row] = await db
    .insert(rubrics)
    .values({ name: `Рубрика ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function buildTag(db: Db, overrides: Insert<typeof tags> = {}) {
  const [row] = await db
    .insert(tags)
    .values({ name: `Тег ${next()}`, ...overrides })
    .returning();
  return row;
}

export interface PersonalTagOverrides extends Omit<Insert<typeof personalTags>, 'userId'> {
  /** Messages the tag is put on. */
  messageIds?: number[];
}

/** A personal tag of `userId`, put on `messageIds` when given. */
export async function buildPersonalTag(db: Db, userId: number, overrides: PersonalTagOverrides = {}) {
  const { messageIds = [], ...values } = overrides;
  const [row] = await db
    .insert(personalTags)
    .values({ userId, name: `Метка ${next()}`, ...values })
    .returning();
  if (messageIds.length) {
    await db
      .insert(messagePersonalTags)
      .values(messageIds.map((messageId) => ({ messageId, personalTagId: row.id })));
  }
  return row;
}

export interface RegionOverrides extends Insert<typeof regions> {
  /** Themes the region is linked to (the regions pick list filters on theme_in). */
  themeIds?: number[];
}

export async function buildRegion(db: Db, overrides: RegionOverrides = {}) {
  const { themeIds = [], ...values } = overrides;
  const [row] = await db
    .insert(regions)
    .values({ name: `Регион ${next()}`, ...values })
    .returning();
  if (themeIds.length)
    await db.insert(regionThemes).values(themeIds.map((themeId) => ({ regionId: row.id, themeId })));
  return row;
}

export interface CityOverrides extends Insert<typeof cities> {
  /** Themes the city is linked to. */
  themeIds?: number[];
}

/** A city, of no region unless `regionId` is given. */
export async function buildCity(db: Db, overrides: CityOverrides = {}) {
  const { themeIds = [], ...values } = overrides;
  const [row] = await db
    .insert(cities)
    .values({ name: `Город ${next()}`, ...values })
    .returning();
  if (themeIds.length)
    await db.insert(cityThemes).values(themeIds.map((themeId) => ({ cityId: row.id, themeId })));
  return row;
}
