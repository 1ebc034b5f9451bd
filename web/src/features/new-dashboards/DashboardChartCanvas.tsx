import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { withRussianNumbers } from '../../ui/echart-numbers.ts';

// The dashboard's charts draw on canvas (ui/EChart.tsx draws SVG): a report needs each chart as a PNG, and
// ECharts' getDataURL gives PNG only from a canvas. Registered here, so only this page's chunk carries the
// canvas renderer.
use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** A data: URL as a Blob, decoded here (the CSP allows no fetch of data: URLs). */
function dataUrlBlob(url: string): Blob {
  const [head, data] = url.split(',', 2);
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'image/png';
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export interface ChartImageHandle {
  /** The chart as PNG (twice the pixels, white background), or null before it is drawn. */
  png(): Promise<Blob | null>;
}

interface Props {
  option: EChartsCoreOption | null;
  label: string;
  loading: boolean;
  height?: number;
  ref?: Ref<ChartImageHandle>;
}

export function DashboardChartCanvas({ option, label, loading, height = 320, ref }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (option) chart.current?.setOption(withRussianNumbers(option), { notMerge: true });
  }, [option]);

  useEffect(() => {
    if (loading) chart.current?.showLoading({ text: 'Загрузка…' });
    else chart.current?.hideLoading();
  }, [loading]);

  useImperativeHandle(ref, () => ({
    async png() {
      const instance = chart.current;
      if (!instance || !option) return null;
      const url = instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
      return dataUrlBlob(url);
    },
  }));

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
