import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { withRussianNumbers } from './echart-numbers.ts';

// Only the pieces the screens draw, so the bundle stays small. SVG renders crisply in
// screenshots and PDFs, and works in jsdom, where canvas does not. This chunk is loaded only by
// pages with charts; a chart type one page alone draws is registered by that page's chart module
// instead (the relation graph: features/loms/card/relation-charts.ts), see docs/first-screen.md.
use([
  BarChart,
  LineChart,
  PieChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type { EChartsCoreOption };

interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  /** Accessible name of the chart (role img). */
  label: string;
  /** Shows ECharts' own loading mask while data is on its way. */
  loading?: boolean;
  onClick?: (params: { dataIndex: number; name: string; seriesIndex?: number; data?: unknown }) => void;
}

/**
 * One ECharts instance per mount, resized with its box; a new option replaces the old one. Numbers that the option
 * leaves to ECharts are printed the Russian way (echart-numbers.ts).
 */
export function EChart({ option, height = 320, label, loading = false, onClick }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const clickHandler = useRef(onClick);
  clickHandler.current = onClick;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (params) => clickHandler.current?.(params as never));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(withRussianNumbers(option), { notMerge: true });
  }, [option]);

  useEffect(() => {
    if (loading) chart.current?.showLoading({ text: 'Загрузка…' });
    else chart.current?.hideLoading();
  }, [loading]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
