import {
  AGE_RANGES,
  AGE_RANGES_COARSE,
  AUDIENCE_LABELS,
  ageBucketCounts,
  EDUCATION_CODES,
  GENDER_CODES,
  pageInfo,
  SOCIAL_PANEL_SUBSCRIBER_MONTHS,
  SOCIAL_PANEL_TOP,
  SOCIAL_PANEL_VIRAL_IDS,
  type SocialPanel,
  type SocialPanelGraph,
  type SocialPanelGraphQuery,
  type SocialPanelGraphResponse,
  type SocialPanelistsResponse,
  type SocialPanelListQuery,
  type SocialPanelListResponse,
  type SocialPanelLomsResponse,
  type SocialPanelPagedQuery,
  type SocialPanelViralQuery,
  type SocialPanelViralResponse,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { moscowDay } from '../../domain/moscow-calendar.ts';
import { viralPeriod } from '../../domain/viral-period.ts';
import { notFound } from '../../http/errors.ts';
import { presentGeo, presentPanel, presentPanelist, presentShares, presentTop } from './presenter.ts';
import {
  countsBy,
  joinsByDay,
  memberCount,
  panelExists,
  panelGroups,
  panelistPage,
  panelLomPage,
  panelPage,
  panelRow,
  panelViralIds,
  regionCounts,
  topFollowed,
} from './queries.ts';

export const PANEL_NOT_FOUND = 'Панель не найдена';

/** Runs the read beside the panel lookup; an unknown panel answers 404 whatever the read found. */
async function forPanel<T>(db: Db, id: number, read: Promise<T>): Promise<T> {
  const [exists, result] = await Promise.all([panelExists(db, id), read]);
  if (!exists) throw notFound(PANEL_NOT_FOUND);
  return result;
}

export async function panelList(db: Db, query: SocialPanelListQuery): Promise<SocialPanelListResponse> {
  const [rows, groups] = await Promise.all([panelPage(db, query), panelGroups(db)]);
  return {
    ...pageInfo(query.page, query.page_size, rows[0]?.total ?? 0),
    results: rows.map(presentPanel),
    groups,
  };
}

export async function panelDetail(db: Db, id: number): Promise<SocialPanel> {
  const row = await panelRow(db, id);
  if (!row) throw notFound(PANEL_NOT_FOUND);
  return presentPanel(row);
}

/** Last days of the months ending with `end`, oldest first; the last point is `end` itself. */
export function monthEnds(end: string, months: number): string[] {
  const [year, month] = end.split('-').map(Number);
  const out: string[] = [];
  for (let i = months - 1; i >= 1; i -= 1) {
    // Day 0 of month m+1 is the last day of month m.
    out.push(new Date(Date.UTC(year, month - i, 0)).toISOString().slice(0, 10));
  }
  out.push(end);
  return out;
}

/** The panel's size at each end day: everyone who had joined by then (joins ascending by day). */
export function panelSizes(joins: readonly { day: string; count: number }[], ends: readonly string[]) {
  let i = 0;
  let size = 0;
  return ends.map((date) => {
    while (i < joins.length && joins[i].day <= date) {
      size += joins[i].count;
      i += 1;
    }
    return { date, value: size };
  });
}

type Reader = {
  [G in SocialPanelGraph]: (
    db: Db,
    id: number,
    before: string | undefined,
  ) => Promise<SocialPanelGraphResponse<G>>;
};

const total = (buckets: { count: number }[]) => buckets.reduce((sum, b) => sum + b.count, 0);

const READERS: Reader = {
  async age(db, id, before) {
    const rows = await countsBy(db, id, before, 'age');
    const byAge = rows.map((r) => ({ age: Number(r.value), count: r.count }));
    const fine = ageBucketCounts(byAge, AGE_RANGES);
    return {
      total: total(fine),
      results: presentShares(fine),
      coarse: presentShares(ageBucketCounts(byAge, AGE_RANGES_COARSE)),
    };
  },
  async gender(db, id, before) {
    const rows = await countsBy(db, id, before, 'gender');
    const count = (code: number) => rows.find((r) => Number(r.value) === code)?.count ?? 0;
    const buckets = (['female__sum', 'male__sum'] as const).map((key) => ({
      key,
      label: AUDIENCE_LABELS[key],
      count: count(GENDER_CODES[key]),
    }));
    return { total: total(buckets), results: presentShares(buckets) };
  },
  async education(db, id, before) {
    const rows = await countsBy(db, id, before, 'education');
    const count = (code: number) => rows.find((r) => Number(r.value) === code)?.count ?? 0;
    const buckets = (['middle', 'higher'] as const).map((key) => ({
      key,
      label: AUDIENCE_LABELS[key],
      count: count(EDUCATION_CODES[key]),
    }));
    return { total: total(buckets), results: presentShares(buckets) };
  },
  async family_status(db, id, before) {
    const rows = await countsBy(db, id, before, 'married');
    const count = (married: boolean) => rows.find((r) => r.value === married)?.count ?? 0;
    const buckets = [
      { key: 'married', label: AUDIENCE_LABELS.married, count: count(true) },
      { key: 'single', label: AUDIENCE_LABELS.single, count: count(false) },
    ];
    return { total: total(buckets), results: presentShares(buckets) };
  },
  async geo(db, id, before) {
    const rows = await regionCounts(db, id, before);
    return { total: total(rows), results: presentGeo(rows) };
  },
  async subscribers(db, id, before) {
    const end = before ?? moscowDay(Date.now());
    const results = panelSizes(await joinsByDay(db, id, end), monthEnds(end, SOCIAL_PANEL_SUBSCRIBER_MONTHS));
    return { total: results.at(-1)?.value ?? 0, results };
  },
  async top_loms(db, id, before) {
    const [rows, members] = await Promise.all([
      topFollowed(db, id, before, 'loms', SOCIAL_PANEL_TOP),
      memberCount(db, id, before),
    ]);
    return { total: members, results: presentTop(rows, members) };
  },
  async top_groups(db, id, before) {
    const [rows, members] = await Promise.all([
      topFollowed(db, id, before, 'groups', SOCIAL_PANEL_TOP),
      memberCount(db, id, before),
    ]);
    return { total: members, results: presentTop(rows, members) };
  },
};

export async function panelGraph<G extends SocialPanelGraph>(
  db: Db,
  id: number,
  graph: G,
  query: SocialPanelGraphQuery,
): Promise<SocialPanelGraphResponse<G>> {
  const reader = READERS[graph] as Reader[G];
  return forPanel(db, id, reader(db, id, query.period_before));
}

export async function panelists(
  db: Db,
  id: number,
  query: SocialPanelPagedQuery,
): Promise<SocialPanelistsResponse> {
  const rows = await forPanel(db, id, panelistPage(db, id, query));
  return {
    ...pageInfo(query.page, query.page_size, rows[0]?.total ?? 0),
    results: rows.map(presentPanelist),
  };
}

export async function panelLoms(
  db: Db,
  id: number,
  candidates: boolean,
  query: SocialPanelPagedQuery,
): Promise<SocialPanelLomsResponse> {
  const rows = await forPanel(db, id, panelLomPage(db, id, candidates, query));
  return {
    ...pageInfo(query.page, query.page_size, rows[0]?.total ?? 0),
    results: rows.map((r) => ({
      id: r.id,
      name: r.name,
      share: Number(r.share),
      is_candidate: r.is_candidate,
    })),
  };
}

/** viral-content-id/: the viral content of the panel's audience over the period (contracts' socialPanelViralQuery). */
export async function panelViralContent(
  db: Db,
  id: number,
  query: SocialPanelViralQuery,
): Promise<SocialPanelViralResponse> {
  const range = viralPeriod(query);
  const found = await forPanel(db, id, panelViralIds(db, id, range, query.stat, SOCIAL_PANEL_VIRAL_IDS));
  return { ...found, period_after: range.from, period_before: range.to };
}
