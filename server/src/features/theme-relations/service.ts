import {
  type ListEnvelope,
  type MoodTable,
  pageInfo,
  THEME_RELATION_GRAPH_MAX_DAYS,
  THEME_RELATION_TOP_LOMS,
  type ThemeRelationDetail,
  type ThemeRelationGraphPoint,
  type ThemeRelationGraphQuery,
  type ThemeRelationItem,
  type ThemeRelationListQuery,
  type ThemeRelationQuery,
  type ThemeRelationSourceRow,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { num } from '../../domain/aggregates/mood-table-presenter.ts';
import { moodTableFromBitmapCells } from '../../domain/aggregates/mood-table-queries.ts';
import { themeMoodTableCells } from '../../domain/aggregates/theme-cells-queries.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { themeListPeriod } from '../../domain/theme-period.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  presentRelationDay,
  presentRelationDetail,
  presentRelationItem,
  presentRelationMoodTable,
  presentRelationSource,
} from './presenter.ts';
import {
  countRelationThemes,
  type RelationFilter,
  relationDays,
  relationLoms,
  relationMoods,
  relationPage,
  relationSources,
  relationTotals,
  themeName,
} from './queries.ts';

/** Theme relation: a theme seen through the loms that wrote about it (docs/theme-relations.md). */

const NOT_FOUND = 'Тема не найдена';

/** The loms (none: all) and the period in whole Moscow days (none: the last 30 days). */
function filterOf(query: ThemeRelationQuery): RelationFilter {
  return {
    lomIds: query.lom_in?.length ? query.lom_in : undefined,
    period: themeListPeriod(query.wrote_at_after, query.wrote_at_before),
  };
}

async function requireTheme(db: Db, themeId: number): Promise<string> {
  const name = await themeName(db, themeId);
  if (name === null) throw notFound(NOT_FOUND);
  return name;
}

/** GET theme-relation/. */
export async function relationList(
  db: Db,
  query: ThemeRelationListQuery,
): Promise<ListEnvelope<ThemeRelationItem>> {
  const filter = filterOf(query);
  const rows = await relationPage(db, filter, query.page, query.page_size);
  const total =
    rows.length > 0 ? num(rows[0].total) : query.page === 1 ? 0 : await countRelationThemes(db, filter);
  return { results: rows.map(presentRelationItem), ...pageInfo(query.page, query.page_size, total) };
}

/** GET theme-relation/{id}/. */
export async function relationDetail(
  db: Db,
  themeId: number,
  query: ThemeRelationQuery,
): Promise<ThemeRelationDetail> {
  const name = await requireTheme(db, themeId);
  const filter = filterOf(query);
  const [totals, loms] = await Promise.all([
    relationTotals(db, themeId, filter),
    relationLoms(db, themeId, filter, THEME_RELATION_TOP_LOMS),
  ]);
  return presentRelationDetail(themeId, name, totals, loms);
}

/** GET theme-relation/{id}/mood-table/: verified live messages by mood. */
export async function relationMoodTable(
  db: Db,
  themeId: number,
  query: ThemeRelationQuery,
): Promise<MoodTable> {
  await requireTheme(db, themeId);
  const filter = filterOf(query);
  // Without lom_in, the theme's cells answer (theme_mood_days: a dozen cells a day, not a row per lom and day).
  if (!filter.lomIds) {
    const cells = themeMoodTableCells({ themeId, range: filter.period, verifiedOnly: true });
    const sums = await moodTableFromBitmapCells(db, cells);
    return presentRelationMoodTable(
      sums.flatMap((row) =>
        row.mood === null
          ? []
          : [
              {
                mood: row.mood,
                n: row.message_count,
                si: row.total_si,
                views: row.total_views,
                lom_count: row.lom_count,
                subscribers: row.subscribers,
              },
            ],
      ),
    );
  }
  return presentRelationMoodTable(await relationMoods(db, themeId, filter));
}

/** GET theme-relation/{id}/source-stats/. */
export async function relationSourceStats(
  db: Db,
  themeId: number,
  query: ThemeRelationQuery,
): Promise<ThemeRelationSourceRow[]> {
  await requireTheme(db, themeId);
  const rows = await relationSources(db, themeId, filterOf(query));
  return rows.map(presentRelationSource);
}

/** GET theme-relation/{id}/graph/: one point per Moscow day of the period, zeros filled. */
export async function relationGraph(
  db: Db,
  themeId: number,
  query: ThemeRelationGraphQuery,
): Promise<ThemeRelationGraphPoint[]> {
  const { from, to } = themeListPeriod(query.wrote_at_after, query.wrote_at_before);
  if (!from || !to) throw badRequest('Укажите период', 'wrote_at_after');
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
  if (days < 1) throw badRequest('Конец периода раньше начала', 'wrote_at_before');
  if (days > THEME_RELATION_GRAPH_MAX_DAYS) {
    throw badRequest(`Период графика не длиннее ${THEME_RELATION_GRAPH_MAX_DAYS} дней`, 'wrote_at_before');
  }
  await requireTheme(db, themeId);
  const rows = await relationDays(db, themeId, {
    lomIds: query.lom_in?.length ? query.lom_in : undefined,
    period: { from, to },
  });
  return rows.map(presentRelationDay);
}
