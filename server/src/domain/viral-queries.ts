import type { ViralStat } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';

/**
 * The definition of viral content in SQL, shared by /viral-content and the marker panel's
 * viral-content-id/ (docs/viral-content.md). The predicate repeats the partial indexes
 * messages_viral_{views,reposts,si}_idx of migration 0024 word for word, so the planner uses them:
 * VIRAL_THRESHOLD_PER_CENT (contracts) is 300.
 */
export const VIRAL_MOSCOW_DAY = sql.raw(`((wrote_at AT TIME ZONE 'Europe/Moscow')::date)`);
export const LIVE_VIRAL = sql.raw('viral_per_cent >= 300 AND NOT trash AND NOT archived AND NOT delayed');

/** The column of each stat; each has its partial index in that order. */
export const VIRAL_STAT_COLUMN: Record<ViralStat, string> = {
  views: 'number_views',
  reposts: 'repost_count',
  si: 'si',
};
