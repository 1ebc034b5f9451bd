import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { bytea, createdAt, tstz } from './columns.ts';
import { lomSources, loms } from './loms.ts';
import { personalThemes, themes } from './themes.ts';
import { users } from './users.ts';

const ownerId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Lom groups, called mlg reports in the admin area: a named set of loms or lom sources. */
export const lomGroups = pgTable(
  'lom_groups',
  {
    id: serial('id').primaryKey(),
    /** Shown as the title when title is empty. */
    title: text('title'),
    public: boolean('public').notNull().default(false),
    /** Number of the external media-monitoring report the group was loaded from. */
    reportId: integer('report_id'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastProcessed: tstz('last_processed'),
    active: boolean('active').notNull().default(true),
    /** True when the group is made of lom sources rather than loms. */
    isLomsource: boolean('is_lomsource').notNull().default(false),
    mood: smallint('mood'),
    createdAt: createdAt(),
  },
  (t) => [index('lom_groups_owner_idx').on(t.ownerId), index('lom_groups_report_idx').on(t.reportId)],
);

export const lomGroupLoms = pgTable(
  'lom_group_loms',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => lomGroups.id, { onDelete: 'cascade' }),
    lomId: integer('lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.lomId] }), index('lom_group_loms_lom_idx').on(t.lomId)],
);

export const lomGroupLomSources = pgTable(
  'lom_group_lom_sources',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => lomGroups.id, { onDelete: 'cascade' }),
    lomSourceId: integer('lom_source_id')
      .notNull()
      .references(() => lomSources.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.lomSourceId] }),
    index('lom_group_lom_sources_source_idx').on(t.lomSourceId),
  ],
);

/** Daily dashboards (dashboard-configurations/). */
export const dashboardConfigurations = pgTable(
  'dashboard_configurations',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** dashboard_types of the API. */
    types: integer('types').array().notNull().default(sql`'{}'::integer[]`),
    filters: jsonb('filters').notNull().default({}),
    isPrivate: boolean('is_private').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('dashboard_configurations_user_idx').on(t.userId, t.position)],
);

/** Client Excel imports of loms and their result files. */
export const excelUploads = pgTable(
  'excel_uploads',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    fileName: text('file_name').notNull(),
    file: bytea('file'),
    forceCreateLom: boolean('force_create_lom').notNull().default(false),
    updateFlag: boolean('update_flag').notNull().default(false),
    /** 'processing' | 'done' | 'failed'. */
    status: text('status').notNull().default('processing'),
    rowsTotal: integer('rows_total').notNull().default(0),
    lomsCreated: integer('loms_created').notNull().default(0),
    lomsUpdated: integer('loms_updated').notNull().default(0),
    errorsCount: integer('errors_count').notNull().default(0),
    /** The media-monitoring report built from the import (reportFile). */
    reportFileName: text('report_file_name'),
    reportFile: bytea('report_file'),
    /** The row-by-row log of the import (logsFile). */
    logsFileName: text('logs_file_name'),
    logsFile: bytea('logs_file'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('excel_uploads_user_created_idx').on(t.userId, t.createdAt)],
);

export const uploadReports = pgTable(
  'upload_reports',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    excelUploadId: integer('excel_upload_id').references(() => excelUploads.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileName: text('file_name'),
    file: bytea('file'),
    createdAt: createdAt(),
  },
  (t) => [index('upload_reports_user_created_idx').on(t.userId, t.createdAt)],
);

/** Themes pinned to the theme dashboards list (dashboard/themes/). */
export const dashboardThemes = pgTable(
  'dashboard_themes',
  {
    id: serial('id').primaryKey(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dashboard_themes_theme_uq').on(t.themeId)],
);

/**
 * Personal themes pinned by their owner on the theme dashboards page (dashboard/personal/themes/).
 * The owner is the personal theme's: a user pins and sees only their own.
 */
export const dashboardPersonalThemes = pgTable(
  'dashboard_personal_themes',
  {
    id: serial('id').primaryKey(),
    personalThemeId: integer('personal_theme_id')
      .notNull()
      .references(() => personalThemes.id, { onDelete: 'cascade' }),
    /** The pin order among the owner's pins (appended at the end). */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dashboard_personal_themes_theme_uq').on(t.personalThemeId)],
);

/** The constant loms of a theme dashboard, each in the list of one tonality (add-loms-arr/). */
export const themeDashboardLoms = pgTable(
  'theme_dashboard_loms',
  {
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    lomId: integer('lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
    tonality: smallint('tonality').notNull(),
  },
  (t) => [primaryKey({ columns: [t.themeId, t.lomId] }), index('theme_dashboard_loms_lom_idx').on(t.lomId)],
);

/** The same for a personal theme's dashboard (dashboard/personal/{id}/add-loms-arr/). */
export const personalThemeLoms = pgTable(
  'personal_theme_loms',
  {
    personalThemeId: integer('personal_theme_id')
      .notNull()
      .references(() => personalThemes.id, { onDelete: 'cascade' }),
    lomId: integer('lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
    tonality: smallint('tonality').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.personalThemeId, t.lomId] }),
    index('personal_theme_loms_lom_idx').on(t.lomId),
  ],
);
