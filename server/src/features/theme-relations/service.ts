import {
  fillMoodTable,
  isMood,
  type ListEnvelope,
  type MoodTable,
  type PartialMoodTable,
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
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { themeListPeriod } from '../../domain/theme-period.ts';
import { badRequest, notFound } from '../../http/errors.ts';
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

const num = (value: number | string | null | undefined) => Number(value ?? 0);

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
  return {
    results: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      message_count: num(row.message_count),
      total_si: num(row.total_si),
      lom_count: num(row.lom_count),
    })),
    ...pageInfo(query.page, query.page_size, total),
  };
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
  return {
    id: themeId,
    name,
    message_count: num(totals.message_count),
    total_si: num(totals.total_si),
    total_views: num(totals.total_views),
    lom_count: loms.length > 0 ? num(loms[0].lom_count) : 0,
    loms: loms.map((lom) => ({
      id: Number(lom.id),
      name: lom.name,
      message_count: num(lom.message_count),
      total_si: num(lom.total_si),
    })),
  };
}

/** GET theme-relation/{id}/mood-table/: verified live messages by mood. */
export async function relationMoodTable(
  db: Db,
  themeId: number,
  query: ThemeRelationQuery,
): Promise<MoodTable> {
  await requireTheme(db, themeId);
  const rows = await relationMoods(db, themeId, filterOf(query));
  const table: PartialMoodTable = {};
  for (const row of rows) {
    const mood = Number(row.mood);
    if (!isMood(mood)) continue;
    table[mood] = {
      message_count: num(row.n),
      total_si: num(row.si),
      total_views: num(row.views),
      lom_count: num(row.lom_count),
      subscribers: num(row.subscribers),
    };
  }
  return fillMoodTable(table);
}

/** GET theme-relation/{id}/source-stats/. */
export async function relationSourceStats(
  db: Db,
  themeId: number,
  query: ThemeRelationQuery,
): Promise<ThemeRelationSourceRow[]> {
  await requireTheme(db, themeId);
  const rows = await relationSources(db, themeId, filterOf(query));
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    icon: row.icon,
    message_count: num(row.message_count),
    total_si: num(row.total_si),
    total_views: num(row.total_views),
  }));
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
  return rows.map((row) => {
    const moods = row.moods ?? {};
    return {
      day: row.day,
      message_count: num(row.n),
      total_si: num(row.si),
      moods: {
        1: num(moods['1']),
        2: num(moods['2']),
        3: num(moods['3']),
        4: num(moods['4']),
        5: num(moods['5']),
        6: num(moods['6']),
      },
    };
  });
}
