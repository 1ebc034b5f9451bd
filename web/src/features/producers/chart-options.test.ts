import type { ProducerGraphResponse } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { categoryAxis, hasData, producerChartOption } from './chart-options.ts';

const base = { period_after: '2026-01-01', period_before: '2026-01-31', unit: '' };

describe('producer chart options', () => {
  it('collapses the involvement titles from 12 columns on', () => {
    expect(categoryAxis(['a'], false, false).axisLabel).toMatchObject({ interval: 0 });
    expect(categoryAxis(['a'], true, false).axisLabel).toMatchObject({ rotate: 45, hideOverlap: true });
  });

  it('draws a radar with its scale per axis', () => {
    const chart: ProducerGraphResponse = {
      ...base,
      graph: 'radar',
      title: 'Профиль центра',
      kind: 'radar',
      categories: ['ЛОМ', 'Подписчики'],
      max: [135, 1000],
      series: [{ name: 'Выбранные центры', data: [135, 500] }],
    };
    const option = producerChartOption(chart) as { radar: { indicator: unknown[] } };
    expect(option.radar.indicator).toEqual([
      { name: 'ЛОМ', max: 135 },
      { name: 'Подписчики', max: 1000 },
    ]);
    expect(hasData(chart)).toBe(true);
  });

  it('draws the integration plan targets on a 0–100 % axis with labels', () => {
    const chart: ProducerGraphResponse = {
      ...base,
      unit: '%',
      graph: 'movies',
      title: 'Фильмы',
      kind: 'bar',
      categories: ['ЛОМ 2025 (факт)', 'Факт за период', 'План 2026', 'План 2030'],
      series: [{ name: 'Доля ЛОМ центра', data: [52, 10, 20, 50] }],
    };
    const option = producerChartOption(chart) as {
      yAxis: { max: number };
      series: { data: { value: number }[]; label: { show: boolean } }[];
    };
    expect(option.yAxis.max).toBe(100);
    expect(option.series[0]?.data.map((d) => d.value)).toEqual([52, 10, 20, 50]);
    expect(option.series[0]?.label.show).toBe(true);
  });

  it('colours the tonality pie by mood and finds empty answers', () => {
    const chart: ProducerGraphResponse = {
      ...base,
      graph: 'target-tonality',
      title: 'Целевая тональность',
      kind: 'pie',
      categories: ['Позитивное', 'Негативное'],
      series: [{ name: 'Число сообщений', data: [0, 0] }],
    };
    const option = producerChartOption(chart) as { series: { data: { itemStyle: { color: string } }[] }[] };
    expect(option.series[0]?.data[0]?.itemStyle.color).toBe('#66C05A');
    expect(hasData(chart)).toBe(false);
  });
});
