import './lom-audience.css';
import { AUDIENCE_PALETTE, LOM_TOP_BRANDS, type LomBrandsResponse } from '@monitoring/contracts';
import { Alert, Avatar, Card, Empty, Skeleton, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLomBrands } from '../../../api/lom-audience.ts';
import { formatExact } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { EChart, type EChartsCoreOption } from '../../../ui/EChart.tsx';
import type { LomTabProps } from './types.ts';

type BrandRow = LomBrandsResponse['results'][number];

const lomLink = (id: number) => `/loms/${id}`;

const COLUMNS: TableColumnsType<BrandRow> = [
  { key: 'place', title: '№', width: 56, render: (_value, _row, index) => index + 1 },
  {
    key: 'brand',
    title: 'Бренд',
    render: (_value, row) => (
      <span className="lom-tab__brand">
        <Avatar src={row.brand.avatar ?? undefined} alt="" aria-hidden size={28}>
          {row.brand.name.slice(0, 1)}
        </Avatar>
        <Link to={lomLink(row.brand.id)}>{row.brand.name}</Link>
      </span>
    ),
  },
  {
    key: 'mentions',
    title: 'Упоминания',
    align: 'right',
    render: (_value, row) => formatExact(row.mentions),
  },
  { key: 'si', title: 'SI', align: 'right', render: (_value, row) => formatExact(row.si_sum) },
];

function chartOption(rows: BrandRow[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((r) => r.brand.name),
      axisLabel: { width: 200, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: 'Упоминания',
        data: rows.map((r) => r.mentions),
        itemStyle: { color: AUDIENCE_PALETTE[0] },
        cursor: 'pointer',
      },
    ],
  };
}

/** The card's brands tab: the ten brands the lom mentions most, each a link to its own card. */
export function BrandsTab({ lom }: LomTabProps) {
  const query = useLomBrands(lom.id);
  const navigate = useNavigate();
  const rows = query.data?.results ?? [];
  const option = useMemo(() => chartOption(rows), [rows]);

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
        <Alert type="error" showIcon title="Не удалось загрузить бренды" description={query.error.message} />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="lom-tab">
        <Empty description="ЛОМ не упоминает брендов" />
      </div>
    );
  }
  const total = query.data.elements_count;
  return (
    <div className="lom-tab">
      <p className="muted">
        Бренды, которые ЛОМ упоминает чаще всего, за всё время
        {total > rows.length ? `: ${rows.length} из ${formatExact(total)}` : ''}.
      </p>
      <div className="lom-tab__grid lom-tab__grid--wide">
        <Card size="small" title={`Топ-${LOM_TOP_BRANDS} брендов по упоминаниям`}>
          <EChart
            option={option}
            label="Топ брендов по упоминаниям"
            height={Math.max(160, rows.length * 30 + 24)}
            onClick={({ dataIndex }) => {
              const row = rows[dataIndex];
              if (row) navigate(lomLink(row.brand.id));
            }}
          />
        </Card>
        <Card size="small" title="Бренды">
          <DataTable<BrandRow> size="small" rowKey={(row) => row.brand.id} columns={COLUMNS} rows={rows} />
        </Card>
      </div>
    </div>
  );
}
