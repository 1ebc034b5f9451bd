import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { sources } from './directories.ts';
import { lomSources, loms } from './loms.ts';
import { users } from './users.ts';

// Collectors (issue 31, docs/collectors.md): what the product polls by itself, and each fetch.

/** A feed: an RSS/Atom address, a Telegram channel or a VK wall, of a lom source or standing alone. */
export const feeds = pgTable(
  'feeds',
  {
    id: serial('id').primaryKey(),
    /** contracts FEED_KINDS. */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    /** The platform its messages are stored under; resolved when the feed is saved. */
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id),
    lomId: integer('lom_id').references(() => loms.id, { onDelete: 'set null' }),
    lomSourceId: integer('lom_source_id').references(() => lomSources.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    intervalMinutes: integer('interval_minutes').notNull().default(15),
    /** When the poller takes it next (interval with jitter, or the backoff after an error). */
    nextRunAt: tstz('next_run_at').notNull().defaultNow(),
    /** Set while one instance fetches it; a fetch that outlives it (a crash) is taken again. */
    leaseUntil: tstz('lease_until'),
    leaseOwner: text('lease_owner'),
    /** Conditional request validators of the last 200 answer. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchAt: tstz('last_fetch_at'),
    lastSuccessAt: tstz('last_success_at'),
    lastStatus: smallint('last_status'),
    lastError: text('last_error'),
    /** Errors in a row. */
    failures: integer('failures').notNull().default(0),
    /** Whether the first fetch (a Telegram channel's pages back) is done. */
    backfilled: boolean('backfilled').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('feeds_kind_url_uq').on(t.kind, t.url),
    index('feeds_due_idx').on(t.nextRunAt).where(sql`${t.enabled}`),
    index('feeds_lom_source_idx').on(t.lomSourceId),
    index('feeds_lom_idx').on(t.lomId),
  ],
);

/** The fetch log of a feed; pruned to the newest FEED_LIMITS.runsKeptPerFeed rows per feed. */
export const feedRuns = pgTable(
  'feed_runs',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    startedAt: tstz('started_at').notNull().defaultNow(),
    /** contracts FEED_RUN_TRIGGERS. */
    trigger: text('trigger').notNull(),
    httpStatus: smallint('http_status'),
    fetched: integer('fetched').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('feed_runs_feed_idx').on(t.feedId, t.startedAt)],
);
