import { describe, expect, it } from 'vitest';
import { lastDaysPeriod } from '../../lib/day-period.ts';
import { newsUrlParams, parseNewsUrl } from './news-url.ts';

describe('the /news URL', () => {
  it('defaults to today, by SI, page 1, and writes nothing for the defaults', () => {
    const state = parseNewsUrl(new URLSearchParams());
    expect(state).toEqual({ period: lastDaysPeriod(1), search: undefined, ordering: '-total_si', page: 1 });
    expect(newsUrlParams(state).toString()).toBe('');
  });

  it('reads the nav link’s period and the filters, and writes them back', () => {
    const query =
      'wrote_at_after=2025-03-01&wrote_at_before=2025-03-10&search=%D0%BC%D0%BE%D1%81%D1%82&ordering=-wrote_at&page=3';
    const state = parseNewsUrl(new URLSearchParams(query));
    expect(state).toEqual({
      period: { after: '2025-03-01', before: '2025-03-10' },
      search: 'мост',
      ordering: '-wrote_at',
      page: 3,
    });
    expect(newsUrlParams(state).toString()).toBe(query);
  });

  it('drops bad values', () => {
    const state = parseNewsUrl(new URLSearchParams('wrote_at_after=2025-02-30&ordering=drop&page=-2'));
    expect(state.period.after).toBe(lastDaysPeriod(1).after);
    expect(state.ordering).toBe('-total_si');
    expect(state.page).toBe(1);
  });
});
