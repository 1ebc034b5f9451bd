import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { sources } from './directories.ts';
import { lomSources, loms } from './loms.ts';

/** A percentage with two decimals; exact numeric so the shares of one group sum to exactly 100. */
const share = (name: string) =>
  numeric(name, { precision: 5, scale: 2, mode: 'number' }).notNull().default(0);

/**
 * Audience figures of a lom (lom_source_id null: the whole lom) or of one of its sources.
 * Every group (gender, age, marital status, education, correlation) sums to 100.
 */
export const lomAudiences = pgTable(
  'lom_audiences',
  {
    id: serial('id').primaryKey(),
    lomId: integer('lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
    lomSourceId: integer('lom_source_id').references(() => lomSources.id, { onDelete: 'cascade' }),
    femaleSum: share('female_sum'),
    maleSum: share('male_sum'),
    a0_17: share('a0_17'),
    a18_24: share('a18_24'),
    a25_34: share('a25_34'),
    a35_44: share('a35_44'),
    a45_54: share('a45_54'),
    amore_55: share('amore_55'),
    married: share('married'),
    single: share('single'),
    middle: share('middle'),
    higher: share('higher'),
    correlatedSum: share('correlated_sum'),
    antiCorrelatedSum: share('anti_correlated_sum'),
    nonCorrelatedSum: share('non_correlated_sum'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lom_audiences_lom_uq').on(t.lomId).where(sql`${t.lomSourceId} is null`),
    uniqueIndex('lom_audiences_lom_source_uq').on(t.lomSourceId),
  ],
);

/** Quality of a lom's audience per platform: quality, mass, other loms, bots; sums to 100. */
export const lomQualityAudiences = pgTable(
  'lom_quality_audiences',
  {
    id: serial('id').primaryKey(),
    lomId: integer('lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    qualityPart: share('quality_part'),
    massPart: share('mass_part'),
    lomPart: share('lom_part'),
    botPart: share('bot_part'),
  },
  (t) => [uniqueIndex('lom_quality_audiences_uq').on(t.lomId, t.sourceId)],
);

/** Weekly subscriber counts of a lom (sum over its sources) for the subscribers graph. */
export const lomSubscriberHistory = pgTable(
  'lom_subscriber_history',
  {
    lomId: integer('lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    subscribers: bigint('subscribers', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lomId, t.day] }), index('lom_subscriber_history_day_idx').on(t.day)],
);
