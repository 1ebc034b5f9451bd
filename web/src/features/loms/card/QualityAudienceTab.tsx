import './lom-audience.css';
import {
  type LomQualityAudienceResponse,
  QUALITY_AUDIENCE_COLORS,
  QUALITY_AUDIENCE_KEYS,
  QUALITY_AUDIENCE_LABELS,
  type QualityShares,
} from '@monitoring/contracts';
import { Alert, Card, Empty, Skeleton, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useLomQualityAudience } from '../../../api/lom-audience.ts';
import { formatCount, formatExact } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { EChart, type EChartsCoreOption } from '../../../ui/EChart.tsx';
import type { LomTabProps } from './types.ts';

type PlatformRow = LomQualityAudienceResponse['results'][number];

const percent = (value: number) => `${formatExact(value)} %`;

const COLUMNS: TableColumnsType<PlatformRow> = [
  { key: 'source', title: 'Площадка', render: (_value, row) => row.source.name },
  {
    key: 'subscribers',
    title: 'Подписчики',
    align: 'right',
    render: (_value, row) => formatCount(row.subscribers),
  },
  ...QUALITY_AUDIENCE_KEYS.map((key) => ({
    key,
    title: QUALITY_AUDIENCE_LABELS[key],
    align: 'right' as const,
    render: (_value: unknown, row: PlatformRow) => percent(row[key]),
  })),
];

function totalOption(total: QualityShares): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (value: number) => percent(value) },
    series: [
      {
        type: 'pie',
        radius: ['45%', '72%'],
        label: { formatter: (p: { name: string; value: number }) => `${p.name}\n${percent(p.value)}` },
        data: QUALITY_AUDIENCE_KEYS.map((key) => ({
          name: QUALITY_AUDIENCE_LABELS[key],
          value: total[key],
          itemStyle: { color: QUALITY_AUDIENCE_COLORS[key] },
        })),
      },
    ],
  };
}

/** One 100 % bar per platform, split into the four parts. */
function platformOption(rows: PlatformRow[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => percent(v) },
    legend: { data: QUALITY_AUDIENCE_KEYS.map((key) => QUALITY_AUDIENCE_LABELS[key]), bottom: 0 },
    grid: { left: 8, right: 24, top: 8, bottom: 36, containLabel: true },
    xAxis: { type: 'value', max: 100, axisLabel: { formatter: (value: number) => percent(value) } },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.source.name) },
    series: QUALITY_AUDIENCE_KEYS.map((key) => ({
      type: 'bar',
      stack: 'quality',
      name: QUALITY_AUDIENCE_LABELS[key],
      data: rows.map((r) => r[key]),
      itemStyle: { color: QUALITY_AUDIENCE_COLORS[key] },
    })),
  };
}

function Values({ shares }: { shares: QualityShares }) {
  return (
    <ul className="lom-tab__values">
      {QUALITY_AUDIENCE_KEYS.map((key) => (
        <li key={key}>
          <span className="lom-tab__swatch" style={{ background: QUALITY_AUDIENCE_COLORS[key] }} />
          {QUALITY_AUDIENCE_LABELS[key]}: <b>{percent(shares[key])}</b>
        </li>
      ))}
    </ul>
  );
}

/**
 * The card's quality audience tab: what part of each platform's audience is quality, mass,
 * other loms and bots, and the whole weighted by the subscribers of the lom's accounts.
 */
export function QualityAudienceTab({ lom }: LomTabProps) {
  const query = useLomQualityAudience(lom.id);
  const rows = query.data?.results ?? [];
  const total = query.data?.total ?? null;
  const byPlatform = useMemo(() => platformOption(rows), [rows]);
  const whole = useMemo(() => (total ? totalOption(total) : null), [total]);

  if (query.isPending) {
    return (
      <div className="lom-tab" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="lom-tab">
        <Alert
          type="error"
          showIcon
          title="Не удалось загрузить качество аудитории"
          description={query.error.message}
        />
      </div>
    );
  }
  if (rows.length === 0 || !total || !whole) {
    return (
      <div className="lom-tab">
        <Empty description="Данных о качестве аудитории нет" />
      </div>
    );
  }
  return (
    <div className="lom-tab">
      <div className="lom-tab__grid lom-tab__grid--wide">
        <Card size="small" title="Аудитория в целом">
          <EChart option={whole} label="Качество аудитории в целом" height={240} />
          <Values shares={total} />
          <p className="lom-tab__note muted">
            Площадки взвешены по подписчикам активных аккаунтов ЛОМ (поровну, если подписчиков нет).
          </p>
        </Card>
        <Card size="small" title="По площадкам">
          <EChart
            option={byPlatform}
            label="Качество аудитории по площадкам"
            height={Math.max(160, rows.length * 40 + 60)}
          />
        </Card>
      </div>
      <DataTable<PlatformRow> size="small" rowKey={(row) => row.source.id} columns={COLUMNS} rows={rows} />
    </div>
  );
}
