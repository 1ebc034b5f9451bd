import {
  bigint,
  date,
  integer,
  json,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Stamps that change with every committed write to what they cover, so that a result computed
 * from one snapshot can be told stale later (docs/themes.md "The themes table", "Speed").
 * Values come from one sequence: they never repeat, and a stamp is compared for equality only.
 */
export const statVersionSeq = pgSequence('stat_version_seq');

/**
 * Per theme, the stamp of its messages: the statement triggers on messages of migration 0008
 * set a new one for every theme an insert or delete touches, or an update of a column the
 * kept results read (trash, archived and delayed messages too). A theme whose messages were
 * never written since the table began has no row (stamp 0).
 */
export const themeStatVersions = pgTable('theme_stat_versions', {
  themeId: integer('theme_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Global stamps by name; `lom_subscribers` changes with every write to loms.subscribers. */
export const statVersions = pgTable('stat_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The themes table's per-theme results of one period that only messages can give (distinct
 * loms and their subscribers, the verified mood table, the medians, the first lom), as
 * computed at the theme's stamp and the loms' subscriber stamp. A row is used only while both
 * stamps are current; the page's statement writes the rows it had to compute. The period is
 * whole Moscow days [day_from, day_to), an open side being -infinity / infinity.
 */
export const themePeriodStats = pgTable(
  'theme_period_stats',
  {
    // No foreign key: a page may compute a theme that a concurrent delete has just removed;
    // the themes delete trigger of migration 0008 drops a deleted theme's rows.
    themeId: integer('theme_id').notNull(),
    dayFrom: date('day_from').notNull(),
    dayTo: date('day_to').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    lomVersion: bigint('lom_version', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    lomCount: integer('lom_count').notNull(),
    subscribers: bigint('subscribers', { mode: 'number' }).notNull(),
    moods: json('moods'),
    initialLomId: integer('initial_lom_id'),
    allCount: integer('all_count').notNull(),
    trash: json('trash'),
    withMood: json('with_mood'),
    notTrash: json('not_trash'),
  },
  (t) => [primaryKey({ columns: [t.themeId, t.dayFrom, t.dayTo] })],
);
