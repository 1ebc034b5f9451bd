import { describe, expect, it } from 'vitest';
import { withRussianNumbers } from './echart-numbers.ts';

type Fn = (value: unknown) => string;
const NBSP = '\u00a0';

describe('withRussianNumbers', () => {
  it('prints value axes, tooltips and bar labels the Russian way', () => {
    const option = withRussianNumbers({
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: ['a'] },
      yAxis: [{ type: 'value' }, { name: 'Si' }],
      series: [{ type: 'bar', data: [0.25], label: { show: true } }],
    }) as Record<string, never>;
    const [left, right] = option.yAxis as { axisLabel: { formatter: Fn } }[];
    expect(left.axisLabel.formatter(10000)).toBe(`10${NBSP}000`);
    expect(right.axisLabel.formatter(0.25)).toBe('0,25');
    expect((option.xAxis as { axisLabel?: unknown }).axisLabel).toBeUndefined();
    expect((option.tooltip as { valueFormatter: Fn }).valueFormatter(1234.5)).toBe(`1${NBSP}234,5`);
    const [bar] = option.series as { label: { formatter: (p: { value: number }) => string } }[];
    expect(bar.label.formatter({ value: 0.25 })).toBe('0,25');
  });

  it('formats the numbers of string templates and keeps a chart’s own formatter', () => {
    const own = (v: number) => `${v}!`;
    const option = withRussianNumbers({
      tooltip: { trigger: 'item', formatter: '{b}: {c}' },
      xAxis: { type: 'value', axisLabel: { formatter: own } },
      yAxis: { type: 'value', axisLabel: { formatter: '{value} %' } },
      series: [{ type: 'pie', label: { formatter: '{b}\n{d} %' } }],
    }) as Record<string, never>;
    expect((option.xAxis as { axisLabel: { formatter: unknown } }).axisLabel.formatter).toBe(own);
    expect((option.yAxis as { axisLabel: { formatter: Fn } }).axisLabel.formatter(56.86)).toBe('56,86 %');
    const tip = (option.tooltip as { formatter: (p: object) => string }).formatter;
    expect(tip({ name: 'Позитивное', value: 12000 })).toBe(`Позитивное: 12${NBSP}000`);
    const [pie] = option.series as { label: { formatter: (p: object) => string } }[];
    expect(pie.label.formatter({ name: 'Позитивное', value: 3, percent: 56.86 })).toBe('Позитивное\n56,86 %');
  });
});
