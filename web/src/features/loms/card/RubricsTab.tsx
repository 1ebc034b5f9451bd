import './lom-relations.css';
import {
  LOM_RUBRIC_AGG_PARAMS,
  type LomRubricAggParam,
  type LomRubricPeriodRow,
} from '@monitoring/contracts';
import { Segmented, Tag } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useLomRubricsByPeriod } from '../../../api/lom-relations.ts';
import { formatExact } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { EChart } from '../../../ui/EChart.tsx';
import { RelationChartCard } from './RelationChartCard.tsx';
import { rubricSeries, rubricsOption } from './relation-charts.ts';
import { RUBRIC_TEXTS } from './relations-texts.ts';
import type { LomTabProps } from './types.ts';
import { useTabChoice } from './useTabChoice.ts';

const siFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const shareFormat = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 1 });

/** The card's rubrics tab: the rubrics of the lom's publications in the period, step by step. */
export function RubricsTab({ lom, period }: LomTabProps) {
  const [agg, setAgg] = useTabChoice<LomRubricAggParam>('rubrics_by', LOM_RUBRIC_AGG_PARAMS, 'si');
  const query = useLomRubricsByPeriod(lom.id, period, agg);
  const data = query.data;
  const option = useMemo(() => (data ? rubricsOption(data) : {}), [data]);
  const hasSeries = data ? rubricSeries(data).length > 0 : false;

  return (
    <div className="lom-relations">
      <div className="lom-relations__toolbar">
        <span>{RUBRIC_TEXTS.byLabel}</span>
        <Segmented<LomRubricAggParam>
          aria-label={RUBRIC_TEXTS.byLabel}
          value={agg}
          onChange={setAgg}
          options={[
            { value: 'si', label: RUBRIC_TEXTS.si },
            { value: 'messages', label: RUBRIC_TEXTS.messages },
          ]}
        />
        {data ? (
          <span className="muted">
            {RUBRIC_TEXTS.summary(formatExact(data.lom_messages), siFormat.format(data.lom_si))}
          </span>
        ) : null}
      </div>
      <RelationChartCard
        title={RUBRIC_TEXTS.chart}
        pending={query.isPending}
        error={query.isError ? query.error : null}
        errorTitle={RUBRIC_TEXTS.loadError}
        empty={!data || data.rubrics.length === 0}
        emptyText={RUBRIC_TEXTS.empty}
        stale={query.isPlaceholderData}
      >
        {hasSeries ? (
          <EChart option={option} label={RUBRIC_TEXTS.chart} height={340} loading={query.isFetching} />
        ) : (
          <p className="muted">{RUBRIC_TEXTS.empty}</p>
        )}
        <DataTable<LomRubricPeriodRow>
          size="small"
          rowKey="id"
          rows={data?.rubrics ?? []}
          clientPageSize={25}
          columns={[
            {
              title: RUBRIC_TEXTS.table.name,
              dataIndex: 'name',
              render: (name: string, row) => (
                <>
                  <Link to={`/rubrics/${row.id}`}>{name}</Link>{' '}
                  <span className="muted">{RUBRIC_TEXTS.types[row.type] ?? row.type}</span>
                  {row.is_lom_rubric ? <Tag color="blue">{RUBRIC_TEXTS.lomRubric}</Tag> : null}
                </>
              ),
            },
            {
              title: RUBRIC_TEXTS.table.messages,
              dataIndex: 'messages',
              align: 'right',
              render: (value: number) => formatExact(value),
            },
            {
              title: RUBRIC_TEXTS.table.si,
              dataIndex: 'si',
              align: 'right',
              render: (value: number) => siFormat.format(value),
            },
            {
              title: RUBRIC_TEXTS.table.share,
              key: 'share',
              align: 'right',
              render: (_: unknown, row) =>
                data && data.lom_messages > 0 ? shareFormat.format(row.messages / data.lom_messages) : '—',
            },
          ]}
        />
      </RelationChartCard>
    </div>
  );
}
