import type { ChartResponse } from '@monitoring/contracts';
import { MOOD_COLORS } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chart-options.ts';

const frame = {
  period: { from: '2025-03-01', to: '2025-03-31' },
  step: 'week' as const,
  source: 'rollup' as const,
  category_ids: [null, null],
  total: 3,
};

describe('chartOption', () => {
  it('stacks mood bars per period with the mood colours and short dates', () => {
    const data: ChartResponse = {
      ...frame,
      chart: 'period_tonality',
      title: 'Тональность по периодам',
      categories: ['2025-03-03', '2025-03-10'],
      series: [{ key: 'mood_1', name: 'Позитивное', mood: 1, color: MOOD_COLORS[1], values: [2, 1] }],
    };
    const option = chartOption(data) as {
      xAxis: { data: string[] };
      series: { stack: string; itemStyle: { color: string } }[];
    };
    expect(option.xAxis.data).toEqual(['03.03.25', '10.03.25']);
    expect(option.series[0].stack).toBe('moods');
    expect(option.series[0].itemStyle.color).toBe(MOOD_COLORS[1]);
  });

  it('colours the shares pie by mood and the coefficients by sign', () => {
    const pie = chartOption({
      ...frame,
      step: null,
      chart: 'tonality',
      title: 'Доли тональности',
      categories: ['Позитивное', 'Негативное'],
      series: [
        { key: 'count', name: 'Сообщения', mood: null, color: null, values: [2, 1] },
        { key: 'share', name: 'Доля, %', mood: null, color: null, values: [66, 33] },
      ],
    }) as {
      series: {
        data: { value: number; itemStyle: { color: string } }[];
        label: { formatter: (p: { name: string; value: number }) => string };
      }[];
    };
    expect(pie.series[0].data.map((d) => d.itemStyle.color)).toEqual([MOOD_COLORS[1], MOOD_COLORS[2]]);
    // The label shows the server's share (truncated whole percents, product.md §4), not ECharts' 66.67.
    expect(pie.series[0].label.formatter({ name: 'Позитивное', value: 2 })).toBe('Позитивное: 66\u00a0%');
    const coefficients = chartOption({
      ...frame,
      step: null,
      chart: 'info-reason-tonality-coefficients',
      title: 'Коэффициенты',
      categories: ['А', 'Б'],
      series: [{ key: 'coefficient', name: 'Коэффициент', mood: null, color: null, values: [0.5, -0.25] }],
    }) as {
      series: {
        data: { value: number; itemStyle: { color: string } }[];
        label: { formatter: (p: { value: number }) => string };
      }[];
    };
    expect(coefficients.series[0].data.map((d) => d.itemStyle.color)).toEqual([
      MOOD_COLORS[1],
      MOOD_COLORS[2],
    ]);
    // Russian decimals (issue 29 §4): «-0,25», not «-0.25».
    expect(coefficients.series[0].label.formatter({ value: -0.25 })).toBe('-0,25');
  });

  it('draws counts on whole ticks and keeps the involvement axes’ names inside the chart', () => {
    const involvement = chartOption({
      ...frame,
      chart: 'publication_involvement',
      title: 'Вовлечённость публикаций',
      categories: ['2026-03-01'],
      series: [
        { key: 'publications', name: 'Публикации', mood: null, color: null, values: [1] },
        { key: 'involvement', name: 'Вовлечённость', mood: null, color: null, values: [3] },
      ],
    }) as { yAxis: { minInterval?: number; nameTextStyle?: { align: string } }[] };
    expect(involvement.yAxis[0]).toMatchObject({ minInterval: 1, nameTextStyle: { align: 'left' } });
    expect(involvement.yAxis[1].nameTextStyle?.align).toBe('right');
    const bars = chartOption({
      ...frame,
      chart: 'period_tonality',
      title: 'Тональность по периодам',
      categories: ['2026-03-01'],
      series: [{ key: 'm1', name: 'Позитивное', mood: 1, color: null, values: [1] }],
    }) as { yAxis: { minInterval?: number } };
    expect(bars.yAxis.minInterval).toBe(1);
  });
});
