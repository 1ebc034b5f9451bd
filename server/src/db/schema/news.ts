import { bigint, doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

/** A news story; messages that react to it carry its news_id. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    url: text('url'),
    sourceName: text('source_name'),
    wroteAt: tstz('wrote_at').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** When the story was last fetched from its origin. */
    cachedAt: tstz('cached_at'),
  },
  (t) => [index('news_wrote_at_idx').on(t.wroteAt)],
);

/** Aggregates of the messages of one news story, refreshed when they change. */
export const newsStatistics = pgTable('news_statistics', {
  newsId: integer('news_id')
    .primaryKey()
    .references(() => news.id, { onDelete: 'cascade' }),
  totalSi: doublePrecision('total_si').notNull().default(0),
  totalViews: bigint('total_views', { mode: 'number' }).notNull().default(0),
  messageCount: integer('message_count').notNull().default(0),
  /** { "<mood id>": message count } with every mood 1..6 present. */
  moodTable: jsonb('mood_table').notNull().default({}),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
