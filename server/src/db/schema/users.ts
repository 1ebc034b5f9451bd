import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';

/** Organisations of users; kind 1 federal, 2 regional (product.md §3). */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: smallint('kind').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Role id of product.md §6: 0, 1, 2, 3, 4, 101, 102. */
    role: smallint('role').notNull().default(0),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /** Named (new-style) permissions held by the user directly, e.g. view_logs, view_lom_admin. */
    uiPermissions: text('ui_permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Old-style permission strings added to this user on top of the role preset (add-permission/). */
    extraPermissions: text('extra_permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Daily dashboard permission codenames (private / public dashboards). */
    dailyDashboardPermissions: text('daily_dashboard_permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_username_uq').on(sql`lower(${t.username})`), index('users_role_idx').on(t.role)],
);

/** Permission groups of the permission tree: a named bundle of ui permissions. */
export const permissionGroups = pgTable('permission_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  uiPermissions: text('ui_permissions').array().notNull().default(sql`'{}'::text[]`),
});

/** Which permission groups a user belongs to; a group's ui_permissions count in the user's scope. */
export const userPermissionGroups = pgTable(
  'user_permission_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index('user_permission_groups_group_idx').on(t.groupId),
  ],
);

/** API tokens; only the SHA-256 of the key is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_key_hash_uq').on(t.keyHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** Password-reset tokens; only the hash is stored. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Mail that could not be sent through SMTP (no SMTP_URL): kept and logged. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** The HTML part, when the mail has one (alerts, digests). */
  html: text('html'),
  /** One attached file (a digest's report): its name and bytes. */
  attachmentName: text('attachment_name'),
  attachment: bytea('attachment'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The action log (user-actions/): every change an editor makes, written in the
 * same transaction as the change. `type` is the numeric category the log filters by
 * (contracts ACTION_TYPES), `action` the exact verb such as 'message.verify'.
 */
export const userActions = pgTable(
  'user_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: smallint('type').notNull(),
    action: text('action').notNull(),
    messageId: integer('message_id'),
    themeId: integer('theme_id'),
    infoReasonId: integer('info_reason_id'),
    lomId: integer('lom_id'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The log pages newest first (created_at desc, id desc); every filter has an index that ends in that order, so a
    // page reads its 25 rows off one index whatever the log's size (docs/logs.md "Speed").
    // The type at the end lets type_not_in (the page's default exclusions) filter inside the index, index-only.
    index('user_actions_created_type_idx').on(t.createdAt, t.id, t.type),
    index('user_actions_message_idx').on(t.messageId, t.createdAt, t.id),
    index('user_actions_theme_idx').on(t.themeId, t.createdAt, t.id),
    index('user_actions_info_reason_idx').on(t.infoReasonId, t.createdAt, t.id),
    index('user_actions_lom_idx').on(t.lomId, t.createdAt, t.id),
    index('user_actions_user_idx').on(t.userId, t.createdAt, t.id),
    index('user_actions_type_idx').on(t.type, t.createdAt, t.id),
    index('user_actions_action_idx').on(t.action, t.createdAt, t.id),
  ],
);
