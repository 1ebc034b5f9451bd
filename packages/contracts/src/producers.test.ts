import { describe, expect, it } from 'vitest';
import {
  displayedLomsCount,
  INTEGRATION_PLAN_TARGETS,
  integrationColumns,
  involvementAxisLabels,
  PRODUCER_GRAPH_PATHS,
  percentOf,
  presetOrder,
  producerGraphQuery,
  producerListQuery,
} from './producers.ts';

describe('the producer display override (§9)', () => {
  it('shows 46 loms for id 23 and 135 for id 9, the counted loms elsewhere', () => {
    expect(displayedLomsCount(23, 3)).toBe(46);
    expect(displayedLomsCount(9, 0)).toBe(135);
    expect(displayedLomsCount(8, 7)).toBe(7);
    expect(displayedLomsCount(1, 0)).toBe(0);
  });
});

describe('the involvement chart x titles (§9)', () => {
  it('keeps up to 12 titles and collapses to numbers past 12', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `Проект ${i}`);
    expect(involvementAxisLabels(twelve)).toEqual({ labels: twelve, collapsed: false });
    const thirteen = [...twelve, 'Ещё'];
    const collapsed = involvementAxisLabels(thirteen);
    expect(collapsed.collapsed).toBe(true);
    expect(collapsed.labels).toEqual(Array.from({ length: 13 }, (_, i) => String(i + 1)));
    expect(involvementAxisLabels([])).toEqual({ labels: [], collapsed: false });
  });
});

describe('the plan targets of the integration charts (§9)', () => {
  it('has the fixed facts 52, 42, 26 and plans 20/50/75 and 50/80/95 by chart', () => {
    expect(INTEGRATION_PLAN_TARGETS).toEqual({
      movies: { fact2025: 52, plan2026: 20, plan2030: 50 },
      songs: { fact2025: 42, plan2026: 50, plan2030: 80 },
      grants: { fact2025: 26, plan2026: 75, plan2030: 95 },
    });
    expect(integrationColumns('songs', 12.5)).toEqual([42, 12.5, 50, 80]);
  });
  it('measures shares with one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('sources in the social networks preset order (§3)', () => {
  it('puts the preset first in its order, the others after by name', () => {
    expect(['Сайт', 'ВКонтакте', 'Telegram', 'Авто', 'Facebook'].sort(presetOrder)).toEqual([
      'Facebook',
      'Telegram',
      'ВКонтакте',
      'Авто',
      'Сайт',
    ]);
  });
});

describe('the query strings', () => {
  it('names the field of bad input', () => {
    const issue = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
      result.error?.issues[0]?.path.join('.');
    expect(issue(producerGraphQuery.safeParse({ pc_in: '1,x' }))).toBe('pc_in');
    expect(issue(producerGraphQuery.safeParse({ source_in: 'abc' }))).toBe('source_in');
    expect(
      issue(producerGraphQuery.safeParse({ period_after: '2026-02-01', period_before: '2026-01-01' })),
    ).toBe('period_after');
    expect(issue(producerListQuery.safeParse({ ordering: 'x' }))).toBe('ordering');
  });
  it('defaults the page size to 20 and reads comma lists', () => {
    const query = producerListQuery.parse({ pc_in: '9,23' });
    expect(query.page_size).toBe(20);
    expect(query.pc_in).toEqual([9, 23]);
  });
  it('has one path per graph', () => {
    expect(PRODUCER_GRAPH_PATHS.radar).toBe('/api/v2/producer-centers/graphs/radar/');
    expect(Object.keys(PRODUCER_GRAPH_PATHS)).toHaveLength(16);
  });
});
