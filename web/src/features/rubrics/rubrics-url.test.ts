import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { halfYearPeriod } from '../../lib/day-period.ts';
import {
  orderingOf,
  parseRubricsUrl,
  parseRubricUrl,
  rubricListQuery,
  rubricLomsQuery,
  rubricsUrlParams,
  rubricUrlParams,
  sortOrderOf,
} from './rubrics-url.ts';

const today = dayjs('2026-11-23');

describe('rubrics URL state', () => {
  it('defaults to the last six months ending today and leaves the default out of the URL', () => {
    expect(halfYearPeriod(today)).toEqual({ after: '2026-05-23', before: '2026-11-23' });
    const state = parseRubricsUrl(new URLSearchParams(), today);
    expect(state).toEqual({
      period: { after: '2026-05-23', before: '2026-11-23' },
      search: '',
      page: 1,
      type: undefined,
    });
    expect(rubricsUrlParams(state, today).toString()).toBe('');
  });

  it('reads and writes the period, search, type and page', () => {
    const params = new URLSearchParams(
      'wrote_at_after=2026-01-01&wrote_at_before=2026-02-01&search=Спорт&type=theme&page=3',
    );
    const state = parseRubricsUrl(params, today);
    expect(state).toEqual({
      period: { after: '2026-01-01', before: '2026-02-01' },
      search: 'Спорт',
      type: 'theme',
      page: 3,
    });
    expect(rubricsUrlParams(state, today).toString()).toBe(params.toString());
    expect(rubricListQuery(state, 50)).toEqual({
      page: 3,
      page_size: 50,
      search: 'Спорт',
      type: 'theme',
      archived: false,
      wrote_at_after: '2026-01-01',
      wrote_at_before: '2026-02-01',
    });
  });

  it('drops bad values', () => {
    const state = parseRubricsUrl(new URLSearchParams('wrote_at_after=вчера&page=-2&type=x'), today);
    expect(state.period.after).toBe('2026-05-23');
    expect(state.page).toBe(1);
    expect(state.type).toBeUndefined();
  });
});

describe('rubric card URL state', () => {
  it('reads the lom ordering (or the spec’s sort) and falls back to -total_si', () => {
    expect(parseRubricUrl(new URLSearchParams('sort=name'), today).ordering).toBe('name');
    expect(parseRubricUrl(new URLSearchParams('ordering=-message_count&sort=name'), today).ordering).toBe(
      '-message_count',
    );
    expect(parseRubricUrl(new URLSearchParams('ordering=avatar'), today).ordering).toBe('-total_si');
  });

  it('writes only what differs from the defaults and asks the lom list with the period', () => {
    const state = parseRubricUrl(new URLSearchParams('ordering=name&page=2&search=Ив'), today);
    expect(rubricUrlParams(state, today).toString()).toBe('search=%D0%98%D0%B2&ordering=name&page=2');
    expect(rubricLomsQuery(state, 25)).toEqual({
      page: 2,
      page_size: 25,
      search: 'Ив',
      ordering: 'name',
      wrote_at_after: '2026-05-23',
      wrote_at_before: '2026-11-23',
    });
  });

  it('maps table sorting to orderings and back', () => {
    expect(orderingOf('total_views', 'descend')).toBe('-total_views');
    expect(orderingOf('name', 'ascend')).toBe('name');
    expect(orderingOf('name', null)).toBe('-total_si');
    expect(orderingOf('mood', 'ascend')).toBe('-total_si');
    expect(sortOrderOf('-total_si', 'total_si')).toBe('descend');
    expect(sortOrderOf('name', 'name')).toBe('ascend');
    expect(sortOrderOf('name', 'total_si')).toBeNull();
  });
});
