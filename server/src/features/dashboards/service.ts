import {
  DASHBOARD_DEFAULT_PERIOD_MONTHS,
  DASHBOARD_LIST_TONALITIES,
  type DashboardAvailableLom,
  type DashboardAvailableLomsQuery,
  type DashboardGraphQuery,
  type DashboardGraphResponse,
  type DashboardListQuery,
  type DashboardListType,
  type DashboardLomCount,
  type DashboardLomItem,
  type DashboardLomsQuery,
  type DashboardMoodTableQuery,
  type DashboardMoodTableResponse,
  type DashboardPinnedTheme,
  type DashboardRangeStep,
  type DashboardThemeChoice,
  type ListEnvelope,
  type MessageFilter,
  messageFilterQuery,
  NEGATIVE_MOODS,
  POSITIVE_MOODS,
  pageInfo,
  upgradeSavedSearch,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { num, presentMoodSums } from '../../domain/aggregates/mood-table-presenter.ts';
import { moodTableFromBitmapCells, moodTableFromPerLom } from '../../domain/aggregates/mood-table-queries.ts';
import { themeMoodTableCells } from '../../domain/aggregates/theme-cells-queries.ts';
import { assertFilterAllowed } from '../../domain/filters/message-filter.ts';
import { addDays, DAY_MS, moscowDay, moscowMidnight, stepStarts } from '../../domain/moscow-calendar.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { availableLoms, countAvailableLoms } from './lom-queries.ts';
import { dashboardThemeChoices, pinnedThemes, themeMoodSums } from './pinned-queries.ts';
import {
  presentAvailableLom,
  presentGraph,
  presentLomCount,
  presentLomItem,
  presentPinnedTheme,
  presentThemeChoice,
} from './presenter.ts';
import {
  constantLomStats,
  countConstantLoms,
  countWritingLoms,
  type DashboardKind,
  type DashboardSet,
  graphBuckets,
  perLomMoodSql,
  personalThemeById,
  rubricExists,
  type Scope,
  themeById,
  themeCellsOf,
  usesThemeCells,
  writingLomStats,
} from './queries.ts';

export const NOT_FOUND: Record<DashboardKind, string> = {
  theme: 'Тема не найдена',
  personal: 'Личная тема не найдена',
  rubric: 'Рубрика не найдена',
};

// ---- The dashboard and its period ----

/** The message set of a dashboard; 404 for an unknown id or another user's personal theme. */
export async function resolveSet(
  db: Db,
  kind: DashboardKind,
  id: number,
  user: AuthUser,
): Promise<DashboardSet> {
  if (kind === 'theme') {
    if (!(await themeById(db, id))) throw notFound(NOT_FOUND.theme);
    return { kind, id };
  }
  if (kind === 'rubric') {
    if (!(await rubricExists(db, id))) throw notFound(NOT_FOUND.rubric);
    return { kind, id };
  }
  const theme = await personalThemeById(db, id);
  if (!theme || Number(theme.user_id) !== user.id) throw notFound(NOT_FOUND.personal);
  return personalSetOf(id, theme.filters, user);
}

/** The message set of one of the user's personal themes (its saved filters), read from its row. */
export function personalSetOf(id: number, filters: unknown, user: AuthUser): DashboardSet {
  return { kind: 'personal', id, filter: savedFilter(filters, user) };
}

/**
 * The saved filters of a personal theme as a message filter. The dashboard has its own
 * period and counts live messages, so the saved period and the archive flags are dropped.
 */
function savedFilter(filters: unknown, user: AuthUser): Omit<MessageFilter, 'ordering'> {
  const saved = (filters ?? {}) as Record<string, unknown>;
  // A search saved before the query language still opens (contracts upgradeSavedSearch).
  const parsed = messageFilterQuery.safeParse({ ...saved, search: upgradeSavedSearch(saved.search) });
  if (!parsed.success) throw badRequest('Сохранённые фильтры личной темы некорректны', 'filters');
  assertFilterAllowed(parsed.data, user);
  const {
    ordering: _ordering,
    wrote_at_after: _after,
    wrote_at_before: _before,
    archived: _archived,
    delayed: _delayed,
    trash: _trash,
    ...rest
  } = parsed.data;
  return rest;
}

interface PeriodInput {
  wrote_at_after?: Date;
  wrote_at_before?: Date;
}

const moscowDate = (instant: Date) => moscowDay(instant.getTime());

/**
 * [after, before): before defaults to the end of today (Moscow), after to six months
 * before `before`. A period that ends before it starts is refused.
 */
export function resolvePeriod(query: PeriodInput, now: Date): { after: Date; before: Date } {
  const before = query.wrote_at_before ?? new Date(moscowMidnight(moscowDate(now)).getTime() + DAY_MS);
  let after = query.wrote_at_after;
  if (!after) {
    after = new Date(before);
    after.setUTCMonth(after.getUTCMonth() - DASHBOARD_DEFAULT_PERIOD_MONTHS);
  }
  if (after.getTime() >= before.getTime())
    throw badRequest('Начало периода должно быть раньше его конца', 'wrote_at_after');
  return { after, before };
}

// ---- Mood table and graph ----

export async function dashboardMoodTable(
  db: Db,
  set: DashboardSet,
  query: DashboardMoodTableQuery,
  now: Date,
): Promise<DashboardMoodTableResponse> {
  const scope: Scope = { set, ...resolvePeriod(query, now), pool: query.pool, verifiedOnly: true };
  if (usesThemeCells(scope)) {
    return presentMoodSums(await moodTableFromBitmapCells(db, themeMoodTableCells(themeCellsOf(scope))));
  }
  return presentMoodSums(await moodTableFromPerLom(db, perLomMoodSql(scope)));
}

/** Every bucket of the period, first to last (Moscow days). */
export function periodBuckets(after: Date, before: Date, step: DashboardRangeStep): string[] {
  return stepStarts(moscowDate(after), moscowDate(new Date(before.getTime() - 1)), step);
}

export async function dashboardGraph(
  db: Db,
  set: DashboardSet,
  query: DashboardGraphQuery,
  now: Date,
): Promise<DashboardGraphResponse> {
  const period = resolvePeriod(query, now);
  const scope: Scope = { set, ...period, pool: query.pool, verifiedOnly: true };
  const rows = await graphBuckets(db, scope, query.range_step);
  return presentGraph(periodBuckets(period.after, period.before, query.range_step), rows);
}

// ---- Lom lists ----

/**
 * A rubric has no tonality lists of its own (lom_rubrics has no tonality): its loms fall
 * into the list of their dominant mood over the period (our reading; docs/dashboards.md).
 */
function rubricListOf(item: DashboardLomItem): number | null {
  const mood = item.dominant_mood;
  if (mood === null) return null;
  if (POSITIVE_MOODS.includes(mood as 1)) return DASHBOARD_LIST_TONALITIES.positive;
  if (NEGATIVE_MOODS.includes(mood as 2)) return DASHBOARD_LIST_TONALITIES.negative;
  return DASHBOARD_LIST_TONALITIES.neutral;
}

async function rubricClassified(db: Db, scope: Scope): Promise<DashboardLomItem[]> {
  const rows = await constantLomStats(db, scope, null, null);
  return rows.map(presentLomItem).map((item) => ({ ...item, tonality: rubricListOf(item) }));
}

export async function dashboardList(
  db: Db,
  set: DashboardSet,
  type: DashboardListType,
  query: DashboardListQuery,
  now: Date,
): Promise<ListEnvelope<DashboardLomItem>> {
  const { page, page_size: pageSize } = query;
  const scope: Scope = { set, ...resolvePeriod(query, now), moods: query.mood_in };
  const tonality = DASHBOARD_LIST_TONALITIES[type];
  if (set.kind === 'rubric') {
    const all = (await rubricClassified(db, scope)).filter((item) => item.tonality === tonality);
    const results = all.slice((page - 1) * pageSize, page * pageSize);
    return { results, ...pageInfo(page, pageSize, all.length) };
  }
  const paging = { limit: pageSize, offset: (page - 1) * pageSize };
  const rows = await constantLomStats(db, scope, tonality, paging);
  const total = rows.length
    ? num(rows[0].total)
    : page > 1
      ? ((await countConstantLoms(db, set)).get(tonality) ?? 0)
      : 0;
  return { results: rows.map(presentLomItem), ...pageInfo(page, pageSize, total) };
}

export async function dashboardLoms(
  db: Db,
  set: DashboardSet,
  query: DashboardLomsQuery,
  now: Date,
): Promise<ListEnvelope<DashboardLomItem>> {
  const { page, page_size: pageSize } = query;
  const search = query.search || undefined;
  const scope: Scope = { set, ...resolvePeriod(query, now), moods: query.mood_in };
  const rows = await writingLomStats(db, scope, search, { limit: pageSize, offset: (page - 1) * pageSize });
  const total = rows.length ? num(rows[0].total) : page > 1 ? await countWritingLoms(db, scope, search) : 0;
  let results = rows.map(presentLomItem);
  if (set.kind === 'rubric') {
    // The rubric's own loms get the list of their dominant mood; other writers none.
    const own = new Map((await rubricClassified(db, scope)).map((item) => [item.id, item.tonality]));
    results = results.map((item) => ({
      ...item,
      tonality: own.has(item.id) ? (own.get(item.id) ?? null) : null,
    }));
  }
  return { results, ...pageInfo(page, pageSize, total) };
}

export async function constantLomCount(
  db: Db,
  set: DashboardSet,
  query: PeriodInput,
  now: Date,
): Promise<DashboardLomCount> {
  if (set.kind === 'rubric') {
    const items = await rubricClassified(db, { set, ...resolvePeriod(query, now) });
    const of = (t: number) => items.filter((item) => item.tonality === t).length;
    return {
      positive: of(DASHBOARD_LIST_TONALITIES.positive),
      negative: of(DASHBOARD_LIST_TONALITIES.negative),
      neutral: of(DASHBOARD_LIST_TONALITIES.neutral),
      total: items.length,
    };
  }
  return lomCountOf(db, set);
}

/** The constant loms per list: the count of the lists and the answer of every write. */
export async function lomCountOf(db: Db, set: DashboardSet): Promise<DashboardLomCount> {
  return presentLomCount(await countConstantLoms(db, set));
}

export async function availableLomList(
  db: Db,
  set: DashboardSet,
  query: DashboardAvailableLomsQuery,
): Promise<ListEnvelope<DashboardAvailableLom>> {
  const { page, page_size: pageSize } = query;
  const search = query.search_lom || undefined;
  const rows = await availableLoms(db, set, search, { limit: pageSize, offset: (page - 1) * pageSize });
  const total = rows.length ? num(rows[0].total) : page > 1 ? await countAvailableLoms(db, set, search) : 0;
  return { results: rows.map(presentAvailableLom), ...pageInfo(page, pageSize, total) };
}

// ---- Pinned themes and the picker ----

export async function listPinnedThemes(
  db: Db,
  query: PeriodInput,
  now: Date,
): Promise<DashboardPinnedTheme[]> {
  const { after, before } = resolvePeriod(query, now);
  const themes = await pinnedThemes(db);
  // The rollup holds whole Moscow days: the period is widened to the days it touches.
  const sums = await themeMoodSums(
    db,
    themes.map((t) => Number(t.id)),
    moscowDate(after),
    addDays(moscowDate(new Date(before.getTime() - 1)), 1),
  );
  return themes.map((theme) => presentPinnedTheme(theme, sums));
}

export async function themeChoices(db: Db): Promise<DashboardThemeChoice[]> {
  const rows = await dashboardThemeChoices(db);
  return rows.map(presentThemeChoice);
}
