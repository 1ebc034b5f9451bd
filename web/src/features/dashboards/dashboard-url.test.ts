import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dashboardUrlParams,
  graphQuery,
  listQuery,
  moodTableQuery,
  parseDashboardUrl,
  patchDashboardState,
  periodSearch,
} from './dashboard-url.ts';
import { lomManagerQuery, lomManagerUrlParams, parseLomManagerUrl } from './lom-manager-url.ts';

const today = dayjs('2026-11-23');

describe('dashboard URL state', () => {
  it('defaults to six months, all loms, daily steps and first pages, and writes nothing', () => {
    const state = parseDashboardUrl(new URLSearchParams(), 'theme', today);
    expect(state).toEqual({
      period: { after: '2026-05-23', before: '2026-11-23' },
      pool: undefined,
      step: 'day',
      pages: { positive: 1, negative: 1, neutral: 1 },
      subject: undefined,
    });
    expect(dashboardUrlParams(state, 'theme', today).toString()).toBe('');
  });

  it('round-trips the theme, period, pool, step and list pages', () => {
    const text =
      'theme=13&wrote_at_after=2026-01-01&wrote_at_before=2026-03-31&pool=4&range_step=week&negative_page=2';
    const state = parseDashboardUrl(new URLSearchParams(text), 'theme', today);
    expect(state.subject).toBe(13);
    expect(state.pool).toBe(4);
    expect(state.step).toBe('week');
    expect(state.pages).toEqual({ positive: 1, negative: 2, neutral: 1 });
    expect(dashboardUrlParams(state, 'theme', today).toString()).toBe(text);
  });

  it('ignores values the server would refuse', () => {
    const state = parseDashboardUrl(
      new URLSearchParams('rubric=abc&pool=2&range_step=year&positive_page=0'),
      'rubric',
      today,
    );
    expect(state.subject).toBeUndefined();
    expect(state.pool).toBeUndefined();
    expect(state.step).toBe('day');
    expect(state.pages.positive).toBe(1);
  });

  it('a change other than a page turn sends every list back to page 1', () => {
    const state = parseDashboardUrl(new URLSearchParams('positive_page=3&neutral_page=2'), undefined, today);
    expect(patchDashboardState(state, { pool: 1 }).pages).toEqual({ positive: 1, negative: 1, neutral: 1 });
    expect(patchDashboardState(state, { pages: { ...state.pages, negative: 4 } }).pages).toEqual({
      positive: 3,
      negative: 4,
      neutral: 2,
    });
  });

  it('builds the queries of the mood table, graph and lists', () => {
    const state = parseDashboardUrl(
      new URLSearchParams('pool=1&range_step=month&neutral_page=2'),
      undefined,
      today,
    );
    const period = { wrote_at_after: '2026-05-23', wrote_at_before: '2026-11-23' };
    expect(moodTableQuery(state)).toEqual({ ...period, pool: 1 });
    expect(graphQuery(state)).toEqual({ ...period, pool: 1, range_step: 'month' });
    expect(listQuery(state, 'neutral', 25)).toEqual({ ...period, page: 2, page_size: 25 });
  });

  it('keeps a chosen period on links and drops the default', () => {
    expect(periodSearch({ after: '2026-05-23', before: '2026-11-23' }, today)).toBe('');
    expect(periodSearch({ after: '2026-01-01', before: '2026-02-01' }, today)).toBe(
      '?wrote_at_after=2026-01-01&wrote_at_before=2026-02-01',
    );
  });
});

describe('lom management URL state', () => {
  it('reads the tab, search and page; the search belongs to the «wrote» tab only', () => {
    const state = parseLomManagerUrl(new URLSearchParams('tab=negative&page=2&search=Мос'), today);
    expect(state.tab).toBe('negative');
    expect(lomManagerQuery(state, 25)).toEqual({
      wrote_at_after: '2026-05-23',
      wrote_at_before: '2026-11-23',
      page: 2,
      page_size: 25,
      search: undefined,
    });
    expect(lomManagerUrlParams(state, today).toString()).toBe('tab=negative&page=2');
    const wrote = parseLomManagerUrl(new URLSearchParams('tab=other&search=Мос'), today);
    expect(wrote.tab).toBe('wrote');
    expect(lomManagerQuery(wrote, 25).search).toBe('Мос');
  });
});
