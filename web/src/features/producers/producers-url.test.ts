import { describe, expect, it } from 'vitest';
import { chartFilter, parseProducersUrl, producersUrlParams } from './producers-url.ts';

describe('the /producers URL', () => {
  it('reads and writes the filters, order, page and open center', () => {
    const state = parseProducersUrl(
      new URLSearchParams(
        'period_after=2026-01-01&period_before=2026-01-31&pc_in=9,23&source_in=2&ordering=-involvements&page=2&center=9',
      ),
    );
    expect(state).toEqual({
      period_after: '2026-01-01',
      period_before: '2026-01-31',
      pc_in: [9, 23],
      source_in: [2],
      ordering: '-involvements',
      page: 2,
      center: 9,
    });
    expect(producersUrlParams(state).toString()).toBe(
      'period_after=2026-01-01&period_before=2026-01-31&pc_in=9%2C23&source_in=2&ordering=-involvements&page=2&center=9',
    );
    expect(chartFilter(state).pc_in).toEqual([9]);
  });

  it('drops what it cannot read', () => {
    expect(
      parseProducersUrl(new URLSearchParams('pc_in=a,3&ordering=x&page=-1&center=abc&period_after=1')),
    ).toEqual({
      period_after: undefined,
      period_before: undefined,
      pc_in: [3],
      source_in: [],
      ordering: 'name',
      page: 1,
      center: undefined,
    });
    expect(producersUrlParams(parseProducersUrl(new URLSearchParams())).toString()).toBe('');
  });
});
