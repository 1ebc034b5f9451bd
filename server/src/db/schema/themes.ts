import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { users } from './users.ts';

/** A subject tracked across messages, e.g. a public campaign (product.md §3 Theme). */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default('без имени'),
    externalId: text('external_id'),
    createdAt: createdAt(),
    active: boolean('active').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    draft: boolean('draft').notNull().default(false),
    createdByAi: boolean('created_by_ai').notNull().default(false),
    service: boolean('service').notNull().default(false),
    clusterType: smallint('cluster_type'),
    actual: boolean('actual').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('themes_name_lower_idx').on(sql`lower(${t.name})`),
    index('themes_state_idx').on(t.archived, t.active, t.createdByAi),
  ],
);

/** The news occasion inside a theme that messages react to. */
export const infoReasons = pgTable(
  'info_reasons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default('без имени'),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    active: boolean('active').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    /** Mood id the campaign aims for (1, 2, 3 or 6…); null when not set. */
    targetTonality: smallint('target_tonality'),
    ai: boolean('ai').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('info_reasons_theme_idx').on(t.themeId),
    index('info_reasons_state_idx').on(t.archived, t.active, t.ai),
    index('info_reasons_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

/** A segment grouping loms (type 'rubric') or themes (type 'theme'). */
export const rubrics = pgTable(
  'rubrics',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull().default('rubric'),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('rubrics_type_check', sql`${t.type} in ('theme', 'rubric')`),
    index('rubrics_type_idx').on(t.type),
  ],
);

/** Themes grouped by a rubric of type 'theme'. */
export const rubricThemes = pgTable(
  'rubric_themes',
  {
    rubricId: integer('rubric_id')
      .notNull()
      .references(() => rubrics.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.rubricId, t.themeId] }), index('rubric_themes_theme_idx').on(t.themeId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_uq').on(sql`lower(${t.name})`)],
);

/** Tags a user keeps for himself; visible only to their owner. */
export const personalTags = pgTable(
  'personal_tags',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('personal_tags_user_name_uq').on(t.userId, sql`lower(${t.name})`)],
);

/** A saved message filter of a user, shown as a card with its own dashboard. */
export const personalThemes = pgTable(
  'personal_themes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('без имени'),
    filters: jsonb('filters').notNull().default({}),
    type: smallint('type').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('personal_themes_user_idx').on(t.userId, t.type)],
);

/** Per-user favourite flag of a theme (is_favorite is never stored on the theme). */
export const favouriteThemes = pgTable(
  'favourite_themes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.themeId] }), index('favourite_themes_theme_idx').on(t.themeId)],
);

/** Per-user favourite flag of an info reason. */
export const favouriteInfoReasons = pgTable(
  'favourite_info_reasons',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    infoReasonId: integer('info_reason_id')
      .notNull()
      .references(() => infoReasons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.infoReasonId] }),
    index('favourite_info_reasons_reason_idx').on(t.infoReasonId),
  ],
);
