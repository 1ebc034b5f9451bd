import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { themes } from './themes.ts';

/**
 * What the clustering learnt about an AI theme proposal (docs/ai-themes.md): its top terms
 * (the surface words the name was made of, heaviest first) and how many messages it found.
 * Goes with its theme.
 */
export const aiThemeProposals = pgTable('ai_theme_proposals', {
  themeId: integer('theme_id')
    .primaryKey()
    .references(() => themes.id, { onDelete: 'cascade' }),
  /** ['ремонт', 'дорог', …]: the most frequent surface word of each top stem. */
  terms: jsonb('terms').notNull().default([]),
  messageCount: integer('message_count').notNull().default(0),
  /** 'clustering' (ai-propose/, npm run ai:themes, the demo seed) or 'search' (create_ai_theme/). */
  origin: text('origin').notNull(),
  createdAt: createdAt(),
});
