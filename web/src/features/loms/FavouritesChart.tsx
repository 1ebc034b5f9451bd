import type { LomListItem } from '@monitoring/contracts';
import { Card } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../ui/EChart.tsx';

/** Series of a top-N chart (product.md §9). */
const TOP_N = 10;

/**
 * The favourites graph: SI and live messages of the favourite loms shown in the table,
 * the ten with the highest SI, over the table's period.
 */
export function FavouritesChart({ rows, hasPeriod }: { rows: LomListItem[]; hasPeriod: boolean }) {
  const top = useMemo(() => [...rows].sort((a, b) => b.total_si - a.total_si).slice(0, TOP_N), [rows]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: ['Si', 'Сообщения'] },
      grid: { left: 64, right: 64, bottom: 80, top: 40 },
      xAxis: {
        type: 'category',
        data: top.map((row) => row.name),
        axisLabel: { interval: 0, rotate: top.length > 5 ? 30 : 0, width: 120, overflow: 'truncate' },
      },
      yAxis: [
        { type: 'value', name: 'Si' },
        { type: 'value', name: 'Сообщения', minInterval: 1 },
      ],
      series: [
        { name: 'Si', type: 'bar', data: top.map((row) => Math.round(row.total_si)) },
        { name: 'Сообщения', type: 'bar', yAxisIndex: 1, data: top.map((row) => row.message_number) },
      ],
    }),
    [top],
  );
  return (
    <Card
      size="small"
      className="loms-page__favourites"
      title={`Избранные ЛОМ: Si и сообщения ${hasPeriod ? 'за период' : 'за всё время'}`}
    >
      <EChart option={option} label="График избранных ЛОМ" height={300} />
    </Card>
  );
}
