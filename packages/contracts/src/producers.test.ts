import { describe, expect, it } from 'vitest';
import {
  collapsesInvolvementTitles,
  displayedLomsCount,
  INTEGRATION_COLUMNS,
  integrationColumns,
  PRODUCER_GRAPH_PATHS,
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
  it('collapses at 12 columns', () => {
    expect(collapsesInvolvementTitles(11)).toBe(false);
    expect(collapsesInvolvementTitles(12)).toBe(true);
    expect(collapsesInvolvementTitles(30)).toBe(true);
  });
});

describe('the plan targets of the integration charts (§9)', () => {
  it('has the fixed facts 52, 42, 26 and plans 20/50/75 and 50/80/95 for movies, songs, grants', () => {
    expect(integrationColumns('movies', 10)).toEqual([52, 10, 20, 50]);
    expect(integrationColumns('songs', 12)).toEqual([42, 12, 50, 80]);
    expect(integrationColumns('grants', 0)).toEqual([26, 0, 75, 95]);
    expect(INTEGRATION_COLUMNS).toEqual(['ЛОМ 2025 (факт)', 'Факт за период', 'План 2026', 'План 2030']);
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
