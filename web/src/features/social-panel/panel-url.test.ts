import { describe, expect, it } from 'vitest';
import { columnsOption, rankedOption } from './chart-options.ts';
import { messagesLink } from './PanelPeople.tsx';
import { badPanelParam, readPanelUrl, todayPeriod, writePanelUrl } from './panel-url.ts';

describe('the /social-panel URL', () => {
  it('defaults to the first page, no group, the list’s first panel and today', () => {
    expect(readPanelUrl(new URLSearchParams())).toEqual({
      page: 1,
      group: undefined,
      panel: undefined,
      period: todayPeriod(),
    });
  });

  it('round-trips a chosen panel, group and period, leaving defaults out', () => {
    const state = { page: 2, group: 3, panel: 7, period: { after: '2026-01-01', before: '2026-01-31' } };
    const params = writePanelUrl(state);
    expect(params.toString()).toBe(
      'page=2&group=3&panel=7&wrote_at_after=2026-01-01&wrote_at_before=2026-01-31',
    );
    expect(readPanelUrl(params)).toEqual(state);
    expect(writePanelUrl({ page: 1, period: todayPeriod() }).toString()).toBe('');
  });

  it('treats a panel that cannot be an id as missing (the 404 page)', () => {
    expect(badPanelParam(new URLSearchParams('panel=abc'))).toBe(true);
    expect(badPanelParam(new URLSearchParams('panel=0'))).toBe(true);
    expect(badPanelParam(new URLSearchParams('panel=4'))).toBe(false);
    expect(badPanelParam(new URLSearchParams())).toBe(false);
  });

  it('links to the messages by soc_panel or panelist over the period', () => {
    const period = { after: '2026-02-01', before: '2026-02-02' };
    expect(messagesLink({ soc_panel: 5 }, period)).toBe(
      '/messages?soc_panel=5&wrote_at_after=2026-02-01&wrote_at_before=2026-02-02',
    );
    expect(messagesLink({ panelist: 9 }, period)).toContain('panelist=9');
  });
});

describe('chart options', () => {
  it('draw age buckets as columns with their labels', () => {
    const option = columnsOption([{ key: 'a0_17', label: '0–17 лет', count: 1, value: 100 }]) as {
      xAxis: { data: string[] };
      series: { data: number[] }[];
    };
    expect(option.xAxis.data).toEqual(['0–17 лет']);
    expect(option.series[0].data).toEqual([100]);
  });

  it('rank the largest first', () => {
    const option = rankedOption(['Москва', 'Другие регионы'], [40, 60]) as {
      yAxis: { inverse: boolean; data: string[] };
    };
    expect(option.yAxis).toMatchObject({ inverse: true, data: ['Москва', 'Другие регионы'] });
  });
});
