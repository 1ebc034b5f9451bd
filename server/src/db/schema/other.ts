import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { channels, regions } from './directories.ts';
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

/**
 * A person of a panel's audience: demographics and the loms and communities they follow.
 * Every chart of the panel is counted from these rows (docs/social-panel.md), so its shares
 * add up by construction. gender: 1 female, 2 male; education: 1 middle, 2 higher.
 */
export const socialPanelists = pgTable(
  'social_panelists',
  {
    id: serial('id').primaryKey(),
    panelId: integer('panel_id')
      .notNull()
      .references(() => socialPanels.id, { onDelete: 'cascade' }),
    gender: smallint('gender').notNull(),
    age: smallint('age').notNull(),
    married: boolean('married').notNull(),
    education: smallint('education').notNull(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    /** The day the person joined the panel: the subscribers chart counts the panel's growth. */
    joinedOn: date('joined_on').notNull(),
    /** Loms the person follows (ids of loms). */
    lomIds: integer('lom_ids').array().notNull().default(sql`'{}'`),
    /** Communities the person is a member of (ids of social_groups). */
    groupIds: integer('group_ids').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    index('social_panelists_panel_idx').on(t.panelId, t.id),
    check('social_panelists_gender_check', sql`${t.gender} in (1, 2)`),
    check('social_panelists_education_check', sql`${t.education} in (1, 2)`),
    check('social_panelists_age_check', sql`${t.age} between 0 and 99`),
  ],
);

/** A community on a social network (a VK group) that panelists are members of. */
export const socialGroups = pgTable('social_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
});

/**
 * Loms followed by a panel's audience; candidates are suggested, not yet confirmed. share is
 * the percent of the panel's panelists that follow the lom (kept from social_panelists).
 */
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
