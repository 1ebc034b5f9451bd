import {
  displayedLomsCount,
  type IntegrationChart,
  PRODUCER_DEFAULT_DAYS,
  PRODUCER_MAX_DAYS,
  type ProducerCenterRow,
  type ProducerDetailResponse,
  type ProducerGraph,
  type ProducerGraphQuery,
  type ProducerGraphResponse,
  type ProducerListQuery,
  type ProducerListResponse,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { addDays, DAY_MS, moscowDay, utcDayMs } from '../../domain/moscow-calendar.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { involvementFigure } from './involvement-memo.ts';
import {
  chartOf,
  dailyLine,
  engagementRate,
  integrationChart,
  involvementChart,
  moodDaysChart,
  overlapChart,
  presentCenterRow,
  radarChart,
  sourcesChart,
  tonalityChart,
} from './presenter.ts';
import {
  type ClosedDays,
  centerInvolvementCounts,
  centerLomCount,
  centerLomSubscribers,
  centerMessageTotals,
  centerRows,
  type DayRow,
  dayMoodSeries,
  daySeries,
  everyLomTotals,
  involvementRows,
  lomInvolvementTypes,
  moodTotals,
  type ProducerFilter,
  sourceTotals,
  subscriberSeries,
  unknownCenters,
} from './queries.ts';

/** The asked period; a missing end is today, a missing start PRODUCER_DEFAULT_DAYS before the end. */
export function periodOf(
  query: { period_after?: string; period_before?: string },
  now = Date.now(),
): ClosedDays {
  const before = query.period_before ?? moscowDay(now);
  const after = query.period_after ?? addDays(before, -(PRODUCER_DEFAULT_DAYS - 1));
  if (after > before) throw badRequest('начало периода позже его конца', 'period_after');
  if ((utcDayMs(before) - utcDayMs(after)) / DAY_MS + 1 > PRODUCER_MAX_DAYS) {
    throw badRequest(`период длиннее ${PRODUCER_MAX_DAYS} дней`, 'period_after');
  }
  return { after, before };
}

const filterOf = (query: ProducerGraphQuery): ProducerFilter => ({
  days: periodOf(query),
  centers: query.pc_in,
  sources: query.source_in,
});

/** Every center (or the chosen ones) with its list figures: about thirty centers, sorted in memory. */
async function centerList(db: Db, filter: ProducerFilter, messages = true): Promise<ProducerCenterRow[]> {
  const [centers, involvements, totals] = await Promise.all([
    centerRows(db, filter.centers),
    involvementFigure(db, `counts ${JSON.stringify([filter.days, filter.centers ?? []])}`, () =>
      centerInvolvementCounts(db, filter.days, filter.centers),
    ),
    messages ? centerMessageTotals(db, filter) : [],
  ]);
  const involvementsBy = new Map(involvements.map((row) => [Number(row.center), Number(row.involvements)]));
  const totalsBy = new Map(
    totals.map((row) => [Number(row.center), { messages: Number(row.messages), views: Number(row.views) }]),
  );
  return centers.map((center) =>
    presentCenterRow(center, involvementsBy.get(center.id) ?? 0, totalsBy.get(center.id)),
  );
}

/** The involvement types of each lom of the centers in the period, kept under the table's version. */
const involvementTypes = (db: Db, days: ClosedDays, centers?: readonly number[]) =>
  involvementFigure(db, `types ${JSON.stringify([days, centers ?? []])}`, () =>
    lomInvolvementTypes(db, days, centers),
  );

const sum = (rows: readonly DayRow[], key: keyof Omit<DayRow, 'day'>) =>
  rows.reduce((total, row) => total + Number(row[key]), 0);

/** GET producer-centers/: the page of centers in the asked order. */
export async function producerList(db: Db, query: ProducerListQuery): Promise<ProducerListResponse> {
  const filter = filterOf(query);
  const rows = await centerList(db, filter);
  const descending = query.ordering.startsWith('-');
  const key = query.ordering.replace('-', '') as Exclude<keyof ProducerCenterRow, 'type'>;
  const sorted = rows.sort((a, b) => {
    const order = key === 'name' ? a.name.localeCompare(b.name, 'ru') : Number(a[key]) - Number(b[key]);
    return (descending ? -order : order) || a.id - b.id;
  });
  const start = (query.page - 1) * query.page_size;
  return {
    results: sorted.slice(start, start + query.page_size),
    ...pageInfo(query.page, query.page_size, sorted.length),
    period_after: filter.days.after,
    period_before: filter.days.before,
  };
}

/** GET producer-centers/{id}/. */
export async function producerDetail(db: Db, id: number): Promise<ProducerDetailResponse> {
  const [row] = await centerRows(db, [id]);
  if (!row) throw notFound('Продюсерский центр не найден');
  const linked = Number(row.linked);
  return {
    id,
    name: row.name,
    type: row.type,
    loms_count: displayedLomsCount(id, linked),
    linked_loms: linked,
  };
}

const num = (value: string | number) => Number(value);

/** GET producer-centers/graphs/{graph}/: one chart of the chosen centers (pc_in; none: every center). */
export async function producerGraph(
  db: Db,
  graph: ProducerGraph,
  query: ProducerGraphQuery,
): Promise<ProducerGraphResponse> {
  const filter = filterOf(query);
  const unknown = await unknownCenters(db, filter.centers ?? []);
  if (unknown.length > 0) throw notFound(`Продюсерский центр не найден: ${unknown.join(', ')}`);
  const { days, centers } = filter;
  switch (graph) {
    case 'radar': {
      const [rows, loms, every] = await Promise.all([
        daySeries(db, filter),
        centerLomSubscribers(db, centers),
        everyLomTotals(db, filter),
      ]);
      const chosen = {
        loms: loms.loms,
        subscribers: loms.subscribers,
        messages: sum(rows, 'messages'),
        views: sum(rows, 'views'),
        reposts: sum(rows, 'reposts'),
        comments: sum(rows, 'comments'),
      };
      const all = {
        loms: num(every?.loms ?? 0),
        subscribers: num(every?.subscribers ?? 0),
        messages: num(every?.messages ?? 0),
        views: num(every?.views ?? 0),
        reposts: num(every?.reposts ?? 0),
        comments: num(every?.comments ?? 0),
      };
      return chartOf(graph, days, radarChart(chosen, all, !centers?.length));
    }
    case 'loms': {
      const rows = await centerList(db, filter, false);
      return chartOf(graph, days, {
        kind: 'bar',
        unit: '',
        categories: rows.map((row) => row.name),
        series: [{ name: 'ЛОМ центра', data: rows.map((row) => row.loms_count) }],
      });
    }
    case 'messages':
      return chartOf(graph, days, moodDaysChart(days, await dayMoodSeries(db, filter)));
    case 'involvements':
      return chartOf(
        graph,
        days,
        involvementChart(
          await involvementFigure(db, `rows ${JSON.stringify([days, centers ?? []])}`, () =>
            involvementRows(db, days, centers),
          ),
        ),
      );
    case 'movies':
    case 'songs':
    case 'grants': {
      const [types, lomCount] = await Promise.all([
        involvementTypes(db, days, centers),
        centerLomCount(db, centers),
      ]);
      return chartOf(graph, days, integrationChart(graph as IntegrationChart, types, lomCount));
    }
    case 'integration-overlap':
      return chartOf(graph, days, overlapChart(await involvementTypes(db, days, centers)));
    case 'subscribers': {
      const rows = await subscriberSeries(db, days, centers);
      return chartOf(graph, days, {
        kind: 'line',
        unit: '',
        categories: rows.map((row) => row.day),
        series: [{ name: 'Подписчики', data: rows.map((row) => num(row.subscribers)) }],
      });
    }
    case 'sources':
      return chartOf(graph, days, sourcesChart(await sourceTotals(db, filter)));
    case 'target-tonality':
      return chartOf(graph, days, tonalityChart(await moodTotals(db, filter)));
    default: {
      const rows = await daySeries(db, filter);
      const line = {
        posts: [{ name: 'Публикации', value: (r: (typeof rows)[number]) => num(r.messages) }],
        views: [{ name: 'Просмотры', value: (r: (typeof rows)[number]) => num(r.views) }],
        reposts: [{ name: 'Репосты', value: (r: (typeof rows)[number]) => num(r.reposts) }],
        'comment-activity': [{ name: 'Комментарии', value: (r: (typeof rows)[number]) => num(r.comments) }],
        'engagement-rate': [{ name: 'ER, %', value: engagementRate }],
      }[graph];
      return chartOf(graph, days, dailyLine(days, rows, line, graph === 'engagement-rate' ? '%' : ''));
    }
  }
}
