import { z } from 'zod';
import { commaIdList, idParam, pageParam, pageSizeParam } from './input.ts';
import { periodBound } from './messages.ts';
import { moodTableSchema } from './mood-table.ts';
import { moodCountsSchema } from './moods.ts';

/**
 * Theme relation (api.md §7.6): a theme seen through the loms that wrote about it.
 * docs/theme-relations.md. Sums are of live messages (not trash, archived or delayed);
 * the mood table adds verified, as everywhere.
 */

export const THEME_RELATION_PATHS = {
  list: '/api/v2/theme-relation/',
  detail: '/api/v2/theme-relation/:id/',
  moodTable: '/api/v2/theme-relation/:id/mood-table/',
  sourceStats: '/api/v2/theme-relation/:id/source-stats/',
  graph: '/api/v2/theme-relation/:id/graph/',
} as const;

export const THEME_RELATION_PAGE_SIZE = 25;
export const THEME_RELATION_MAX_PAGE_SIZE = 200;
/** The top loms of the theme card. */
export const THEME_RELATION_TOP_LOMS = 10;
/** The graph's longest period, in days (a year and a day: leap years). */
export const THEME_RELATION_GRAPH_MAX_DAYS = 367;

/** The loms (all when absent or empty) and the period (the last 30 days when neither bound is sent). */
const relationFilter = {
  lom_in: commaIdList().optional(),
  wrote_at_after: periodBound('after').optional(),
  wrote_at_before: periodBound('before').optional(),
};

export const themeRelationQuery = z.object(relationFilter);
export type ThemeRelationQuery = z.output<typeof themeRelationQuery>;

export const themeRelationListQuery = z.object({
  ...relationFilter,
  page: pageParam,
  page_size: pageSizeParam(THEME_RELATION_PAGE_SIZE, THEME_RELATION_MAX_PAGE_SIZE),
});
export type ThemeRelationListQuery = z.output<typeof themeRelationListQuery>;

/** The graph needs both ends of its period. */
export const themeRelationGraphQuery = z.object({
  lom_in: commaIdList().optional(),
  wrote_at_after: periodBound('after'),
  wrote_at_before: periodBound('before'),
});
export type ThemeRelationGraphQuery = z.output<typeof themeRelationGraphQuery>;

export const themeRelationParams = z.object({
  id: idParam,
});

const sums = {
  message_count: z.number().int(),
  total_si: z.number(),
};

/** A row of GET theme-relation/: a theme the loms wrote about in the period. */
export const themeRelationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  ...sums,
  lom_count: z.number().int(),
});
export type ThemeRelationItem = z.infer<typeof themeRelationItem>;

export const themeRelationLom = z.object({ id: z.number().int(), name: z.string(), ...sums });
export type ThemeRelationLom = z.infer<typeof themeRelationLom>;

/** GET theme-relation/{id}/: the theme, its sums for the loms and its top loms. */
export const themeRelationDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  ...sums,
  total_views: z.number(),
  lom_count: z.number().int(),
  /** Up to THEME_RELATION_TOP_LOMS, by -message_count, then -total_si, then id. */
  loms: z.array(themeRelationLom),
});
export type ThemeRelationDetail = z.infer<typeof themeRelationDetail>;

export const themeRelationMoodTable = moodTableSchema;

export const themeRelationSourceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  ...sums,
  total_views: z.number(),
});
export type ThemeRelationSourceRow = z.infer<typeof themeRelationSourceRow>;
export const themeRelationSourceStats = z.array(themeRelationSourceRow);

const moodCounts = moodCountsSchema;

/** One Moscow day of the graph; every day of the period is present. */
export const themeRelationGraphPoint = z.object({
  day: z.string(),
  ...sums,
  /** Live messages of the day by mood (messages without a mood are in message_count only). */
  moods: moodCounts,
});
export type ThemeRelationGraphPoint = z.infer<typeof themeRelationGraphPoint>;
export const themeRelationGraph = z.array(themeRelationGraphPoint);
