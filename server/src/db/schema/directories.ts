import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { themes } from './themes.ts';

/**
 * Dictionaries shared by loms and messages. Tables whose ids are constants of the
 * spec (content types, cooperation statuses, thematic groups) take explicit ids
 * instead of a sequence, so id 12 is always the foreign-agent group.
 */

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ai: boolean('ai').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('regions_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ai: boolean('ai').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('cities_region_idx').on(t.regionId),
    index('cities_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

/** Regions relevant to a theme (regions filter-list theme_in / theme_isnull). */
export const regionThemes = pgTable(
  'region_themes',
  {
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.regionId, t.themeId] }), index('region_themes_theme_idx').on(t.themeId)],
);

export const cityThemes = pgTable(
  'city_themes',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.themeId] }), index('city_themes_theme_idx').on(t.themeId)],
);

/** 1 Пост/текст, 2 Короткое видео/сторис, 3 Видео. */
export const contentTypes = pgTable('content_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const headings = pgTable('headings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** Social networks and other platforms (preset list of product.md §3). */
export const sources = pgTable('sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  host: text('host').notNull().default(''),
});

/** Broadcast or publication channels (TV channels, radio, outlets) of messages and conversations. */
export const channels = pgTable('channels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
});

/** Lom types; the flags say which pick list (segment, interest, category) shows them. */
export const lomTypes = pgTable(
  'lom_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    isSegment: boolean('is_segment').notNull().default(false),
    isInterest: boolean('is_interest').notNull().default(false),
    isCategory: boolean('is_category').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    ai: boolean('ai').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('lom_types_theme_idx').on(t.themeId)],
);

export const lomFocuses = pgTable(
  'lom_focuses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    archived: boolean('archived').notNull().default(false),
    ai: boolean('ai').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('lom_focuses_theme_idx').on(t.themeId)],
);

/** 1 протесты, 2 скандалы, 3 факты. */
export const lomFactTypes = pgTable('lom_fact_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** Id 0 is 'Статус не выбран', the default of every lom. */
export const cooperationStatuses = pgTable('cooperation_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const interests = pgTable('interests', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const producerCenterTypes = pgTable('producer_center_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** Agencies managing several loms. */
export const producerCenters = pgTable(
  'producer_centers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    typeId: integer('type_id').references(() => producerCenterTypes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('producer_centers_type_idx').on(t.typeId)],
);

/** Thematic groups of loms; id 12 marks a foreign agent. */
export const thematicGroupTypes = pgTable('thematic_group_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** Entries of the lom card's "list and" classification (listAnd in the update payload). */
export const listAndTypes = pgTable('list_and_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});
