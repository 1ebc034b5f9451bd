import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, tstz } from './columns.ts';
import { lomGroups } from './dashboards.ts';
import { users } from './users.ts';

const ownerId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** New dashboards: a saved filter over chosen lom groups, shown as charts. */
export const newDashboards = pgTable(
  'new_dashboards',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    name: text('name').notNull(),
    filters: jsonb('filters').notNull().default({}),
    isDashboard: boolean('is_dashboard').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('new_dashboards_user_idx').on(t.userId)],
);

/** lom_groups of a new dashboard (the API's lom_groups array). */
export const newDashboardLomGroups = pgTable(
  'new_dashboard_lom_groups',
  {
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => newDashboards.id, { onDelete: 'cascade' }),
    lomGroupId: integer('lom_group_id')
      .notNull()
      .references(() => lomGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.dashboardId, t.lomGroupId] }),
    index('new_dashboard_lom_groups_group_idx').on(t.lomGroupId),
  ],
);

/** Generated report files (reports list) incl. reports built from a new dashboard. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    newDashboardId: integer('new_dashboard_id').references(() => newDashboards.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** 'xlsx' | 'docx' | … as requested by the client. */
    reportType: text('report_type').notNull(),
    /** GENERATED_REPORT_STATUSES: 'building' | 'done' | 'failed'. */
    status: text('status').notNull().default('building'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    file: bytea('file'),
    /** Bytes of `file`, kept so the list need not read the files. */
    size: integer('size'),
    /** The dashboard's filter and lom groups when the report was asked for: the document shows these. */
    snapshot: jsonb('snapshot'),
    createdAt: createdAt(),
  },
  (t) => [index('reports_user_created_idx').on(t.userId, t.createdAt)],
);

/** Chart images sent with a report (charts[n] name and image). */
export const reportCharts = pgTable(
  'report_charts',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull().default('image/png'),
    image: bytea('image').notNull(),
    /** NEW_DASHBOARD_CHARTS key whose numbers the document tabulates beside the image, if any. */
    chart: text('chart'),
    /** The chart's parameters (step, moods…) as the page drew it. */
    parameters: jsonb('parameters'),
  },
  (t) => [index('report_charts_report_idx').on(t.reportId, t.position)],
);
