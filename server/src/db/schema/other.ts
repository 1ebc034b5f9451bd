import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { channels } from './directories.ts';
import { loms } from './loms.ts';
import { messages } from './messages.ts';
import { themes } from './themes.ts';

/**
 * A broadcast or discussion (a TV show, a stream, a thread) in which several loms spoke.
 * json keeps the detail card as received: title, url, name, source {name, icon, link},
 * stat {si, views, subscribers}; the per-lom results are rows of conversation_results.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    wroteAt: tstz('wrote_at').notNull(),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    si: doublePrecision('si').notNull().default(0),
    numberViews: bigint('number_views', { mode: 'number' }).notNull().default(0),
    json: jsonb('json').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('conversations_wrote_at_idx').on(t.wroteAt)],
);

export const conversationThemes = pgTable(
  'conversation_themes',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.themeId] }),
    index('conversation_themes_theme_idx').on(t.themeId),
  ],
);

/** What one lom said in a conversation, with its recording and the message made of it. */
export const conversationResults = pgTable(
  'conversation_results',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    lomId: integer('lom_id').references(() => loms.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    audio: text('audio'),
    video: text('video'),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('conversation_results_conversation_idx').on(t.conversationId, t.position),
    index('conversation_results_lom_idx').on(t.lomId),
  ],
);

/** Groups of social (marker) panels; the list filters by group. */
export const socialPanelGroups = pgTable('social_panel_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** A panel of tracked audiences (panelists) with its audience analytics. */
export const socialPanels = pgTable(
  'social_panels',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    groupId: integer('group_id').references(() => socialPanelGroups.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    panelistsCount: integer('panelists_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('social_panels_group_idx').on(t.groupId)],
);

export const SOCIAL_PANEL_GRAPHS = [
  'age',
  'education',
  'family_status',
  'gender',
  'geo',
  'subscribers',
  'top_groups',
  'top_loms',
] as const;
export type SocialPanelGraph = (typeof SOCIAL_PANEL_GRAPHS)[number];

/**
 * One chart of a panel. data is the chart as served: for shares (age, education,
 * family_status, gender, geo) a list of { key, label, value } whose values sum to 100
 * (age uses the coarse buckets under_18, 18_to_24, 25_to_39, 40_to_59, above_60);
 * subscribers a series of { date, value }; top_groups / top_loms a list of { id, name, value }.
 */
export const socialPanelGraphs = pgTable(
  'social_panel_graphs',
  {
    panelId: integer('panel_id')
      .notNull()
      .references(() => socialPanels.id, { onDelete: 'cascade' }),
    graph: text('graph').$type<SocialPanelGraph>().notNull(),
    data: jsonb('data').notNull().default([]),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.panelId, t.graph] }),
    check(
      'social_panel_graphs_graph_check',
      sql.raw(`graph in (${SOCIAL_PANEL_GRAPHS.map((g) => `'${g}'`).join(', ')})`),
    ),
  ],
);

/** Loms followed by a panel's audience; candidates are suggested, not yet confirmed. */
export const socialPanelLoms = pgTable(
  'social_panel_loms',
  {
    panelId: integer('panel_id')
      .notNull()
      .references(() => socialPanels.id, { onDelete: 'cascade' }),
    lomId: integer('lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
    isCandidate: boolean('is_candidate').notNull().default(false),
    /** Share of the panel that follows the lom, percent. */
    share: real('share').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.panelId, t.lomId] }), index('social_panel_loms_lom_idx').on(t.lomId)],
);
