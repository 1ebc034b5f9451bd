import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { themeFormValues, themeUpdateFields } from './theme-form.ts';
import {
  columnSortOrder,
  effectivePeriod,
  orderingFor,
  parseThemesUrl,
  themeListQuery,
  themesUrlParams,
} from './themes-url.ts';

const today = dayjs('2026-11-23');

describe('the themes URL', () => {
  it('reads the defaults from an empty URL and writes nothing back', () => {
    const state = parseThemesUrl(new URLSearchParams());
    expect(state).toEqual({
      tab: 'themes',
      archived: false,
      search: '',
      after: undefined,
      before: undefined,
      ordering: '-total_si,-is_favorite',
      page: 1,
    });
    expect(themesUrlParams(state).toString()).toBe('');
  });

  it('round-trips every field', () => {
    const url =
      'tab=info-reasons&archived=true&search=%D0%BC%D0%B5%D1%82%D1%80%D0%BE&wrote_at_after=2026-10-01' +
      '&wrote_at_before=2026-10-31&ordering=name%2C-total_si&page=3';
    const state = parseThemesUrl(new URLSearchParams(url));
    expect(state).toMatchObject({ tab: 'info-reasons', archived: true, search: 'метро', page: 3 });
    expect(themesUrlParams(state).toString()).toBe(new URLSearchParams(url).toString());
  });

  it('ignores what it cannot read', () => {
    const state = parseThemesUrl(
      new URLSearchParams('tab=secret&archived=yes&ordering=password&page=-1&wrote_at_after=вчера'),
    );
    expect(state).toMatchObject({
      tab: 'themes',
      archived: false,
      ordering: '-total_si,-is_favorite',
      page: 1,
    });
    expect(state.after).toBeUndefined();
  });

  it('sums over the last month unless the URL names a period', () => {
    const state = parseThemesUrl(new URLSearchParams());
    expect(effectivePeriod(state, today)).toEqual({ after: '2026-10-23', before: '2026-11-23' });
    const chosen = parseThemesUrl(new URLSearchParams('wrote_at_after=2026-11-01'));
    expect(effectivePeriod(chosen, today)).toEqual({ after: '2026-11-01', before: '2026-11-23' });
  });

  it('asks the server for the tab, the AI flag, the page of 25 and the period', () => {
    const state = parseThemesUrl(new URLSearchParams('archived=true&search=ЖКХ&page=2'));
    expect(themeListQuery(state, true, today)).toEqual({
      archived: true,
      ai: true,
      ordering: '-total_si,-is_favorite',
      page: 2,
      page_size: 25,
      wrote_at_after: '2026-10-23',
      wrote_at_before: '2026-11-23',
      search: 'ЖКХ',
    });
  });

  it('sorts by the clicked column first and falls back to the default', () => {
    expect(orderingFor('name', 'ascend')).toBe('name,-total_si');
    expect(orderingFor('subscribers', 'descend')).toBe('-subscribers,-total_si');
    expect(orderingFor('total_si', 'descend')).toBe('-total_si,-is_favorite');
    expect(orderingFor('total_si', 'ascend')).toBe('total_si');
    expect(orderingFor(undefined, null)).toBe('-total_si,-is_favorite');
    expect(columnSortOrder('-total_si,-is_favorite', 'total_si')).toBe('descend');
    expect(columnSortOrder('-total_si,-is_favorite', 'is_favorite')).toBeNull();
    expect(columnSortOrder('name,-total_si', 'name')).toBe('ascend');
  });
});

describe('the theme form', () => {
  const theme = {
    name: 'Транспорт',
    active: true,
    archived: false,
    approved: false,
    draft: false,
    actual: true,
    service: false,
  };

  it('sends only what changed, and nothing when nothing did', () => {
    const values = { ...themeFormValues(null), ...theme };
    expect(themeUpdateFields(theme, values)).toBeNull();
    expect(themeUpdateFields(theme, { ...values, approved: true, name: ' Транспорт ' })).toEqual({
      approved: true,
    });
  });

  it("names an emptied theme 'без имени'", () => {
    expect(themeUpdateFields(theme, { ...themeFormValues(null), ...theme, name: '  ' })).toEqual({
      name: 'без имени',
    });
  });
});
