import { expandMoodFilter } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DayRange } from '../moscow-calendar.ts';
import { pgArray } from '../pg-array.ts';

/**
 * Reading theme_mood_days (src/db/schema/rollups.ts): per theme, Moscow day, mood and verified,
 * the live messages' sums and lom bitmap. About a dozen cells a day, whatever the theme's
 * messages: the theme dashboards and the theme relation read their mood tables and graphs here
 * when no lom pool or lom filter needs each lom's counts, and theme_regional_days, the same cells of
 * the regional loms' messages alone, for the dashboards' regional pool (docs/aggregates.md).
 */

export interface ThemeCellFilter {
  themeId: number;
  /** Moscow days [from, to); a missing side is open. */
  range: DayRange;
  verifiedOnly?: boolean;
  /** Leave out messages without a mood (a mood table). */
  withMood?: boolean;
  /** As sent: 3 also takes 4. */
  moods?: readonly number[];
  /** The regional loms' messages only (theme_regional_days). */
  regional?: boolean;
}

/** The theme's cells of the filter, with `columns`. */
export function themeCellRows(filter: ThemeCellFilter, columns: SQL): SQL {
  const parts: SQL[] = [sql`theme_id = ${filter.themeId}`];
  if (filter.range.from !== undefined) parts.push(sql`day >= ${filter.range.from}::date`);
  if (filter.range.to !== undefined) parts.push(sql`day < ${filter.range.to}::date`);
  if (filter.verifiedOnly) parts.push(sql`verified`);
  if (filter.withMood) parts.push(sql`mood is not null`);
  if (filter.moods?.length) parts.push(sql`mood = any(${pgArray(expandMoodFilter(filter.moods))}::int[])`);
  const table = sql.raw(filter.regional ? 'theme_regional_days' : 'theme_mood_days');
  return sql`select ${columns} from ${table} where ${sql.join(parts, sql` and `)}`;
}

/** The cells of a mood table (moodTableFromBitmapCells): messages with a mood. */
export const themeMoodTableCells = (filter: Omit<ThemeCellFilter, 'withMood'>) =>
  themeCellRows({ ...filter, withMood: true }, sql`mood, message_count, si_sum, views_sum, loms`);
