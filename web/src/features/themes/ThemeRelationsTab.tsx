import {
  MOOD_COLORS,
  MOOD_DISPLAY_ORDER,
  MOOD_LABELS,
  type ThemeDetail,
  type ThemeRelationSourceRow,
} from '@monitoring/contracts';
import { Alert, Card, Col, Empty, Row, Space, Statistic } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  type ThemeRelationFilter,
  useThemeRelationDetail,
  useThemeRelationGraph,
  useThemeRelationMoodTable,
  useThemeRelationSourceStats,
} from '../../api/theme-relations.ts';
import { formatCount } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { EChart } from '../../ui/EChart.tsx';
import { MoodTable } from '../../ui/MoodTable.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { useThemeCardPeriod } from './useThemeCardPeriod.ts';

function RelationGraph({ themeId, filter }: { themeId: number; filter: ThemeRelationFilter }) {
  const graph = useThemeRelationGraph(themeId, filter);
  const option = useMemo(() => {
    const points = graph.data ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 24, top: 24, bottom: 56 },
      xAxis: { type: 'category', data: points.map((point) => point.day.slice(0, 10)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: 'Сообщения',
          type: 'line',
          smooth: true,
          data: points.map((point) => point.message_count),
          lineStyle: { color: '#1576E6' },
          itemStyle: { color: '#1576E6' },
        },
        ...MOOD_DISPLAY_ORDER.map((mood) => ({
          name: MOOD_LABELS[mood],
          type: 'bar',
          stack: 'moods',
          // Mood 4 is counted as neutral (product.md §4).
          data: points.map((point) => point.moods[mood] + (mood === 3 ? point.moods[4] : 0)),
          itemStyle: { color: MOOD_COLORS[mood] },
        })),
      ],
    };
  }, [graph.data]);
  if (graph.isError)
    return (
      <Alert type="error" showIcon title="Не удалось загрузить график" description={graph.error.message} />
    );
  return <EChart option={option} label="Сообщения темы по дням" loading={graph.isFetching} height={320} />;
}

/** «Связи»: the theme through the loms that wrote about it (theme-relation/{id}/ and its parts). */
export function ThemeRelationsTab({ theme }: { theme: ThemeDetail }) {
  // The period is the card's (URL, shared with the other tabs); the loms are this tab's own.
  const [period, setPeriod] = useThemeCardPeriod();
  const [lomIds, setLomIds] = useState<readonly number[]>([]);
  const filter: ThemeRelationFilter = useMemo(
    () => ({ lomIds, after: period.after, before: period.before }),
    [lomIds, period.after, period.before],
  );
  const detail = useThemeRelationDetail(theme.id, filter);
  const moods = useThemeRelationMoodTable(theme.id, filter);
  const sources = useThemeRelationSourceStats(theme.id, filter);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <section className="filters-panel" aria-label="Фильтры связей">
        <div className="filters-panel__row">
          <PeriodPicker
            allowClear={false}
            value={period}
            onChange={({ after, before }) =>
              setPeriod({ after: after ?? period.after, before: before ?? period.before })
            }
          />
          <PickSelect
            kind="lom"
            mode="multiple"
            placeholder="ЛОМ (все, если не выбраны)"
            className="theme-relations__loms"
            value={filter.lomIds}
            onChange={setLomIds}
          />
        </div>
      </section>
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          title="Не удалось загрузить связи темы"
          description={detail.error.message}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic
            title="Сообщения"
            value={formatCount(detail.data?.message_count)}
            loading={detail.isPending}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="SI" value={formatCount(detail.data?.total_si)} loading={detail.isPending} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="Просмотры"
            value={formatCount(detail.data?.total_views)}
            loading={detail.isPending}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="ЛОМ" value={formatCount(detail.data?.lom_count)} loading={detail.isPending} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Главные ЛОМ темы" size="small">
            <DataTable
              rowKey="id"
              size="small"
              loading={detail.isFetching}
              rows={detail.data?.loms ?? []}
              empty={<Empty description="Нет сообщений ЛОМ за период" />}
              columns={[
                {
                  key: 'name',
                  title: 'ЛОМ',
                  render: (_, lom) => <Link to={`/loms/${lom.id}`}>{lom.name}</Link>,
                },
                {
                  key: 'messages',
                  title: 'Сообщения',
                  align: 'right',
                  render: (_, lom) => formatCount(lom.message_count),
                },
                { key: 'si', title: 'SI', align: 'right', render: (_, lom) => formatCount(lom.total_si) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Тональность" size="small">
            {moods.isError ? (
              <Alert
                type="error"
                showIcon
                title="Не удалось загрузить тональность"
                description={moods.error.message}
              />
            ) : (
              <MoodTable table={moods.data} loading={moods.isFetching} />
            )}
          </Card>
        </Col>
      </Row>
      <Card title="Площадки" size="small">
        {sources.isError ? (
          <Alert
            type="error"
            showIcon
            title="Не удалось загрузить площадки"
            description={sources.error.message}
          />
        ) : (
          <DataTable<ThemeRelationSourceRow>
            rowKey="id"
            size="small"
            loading={sources.isFetching}
            rows={sources.data ?? []}
            empty={<Empty description="Нет сообщений за период" />}
            columns={[
              { key: 'name', title: 'Площадка', render: (_, row) => row.name },
              {
                key: 'messages',
                title: 'Сообщения',
                align: 'right',
                render: (_, row) => formatCount(row.message_count),
              },
              { key: 'si', title: 'SI', align: 'right', render: (_, row) => formatCount(row.total_si) },
              {
                key: 'views',
                title: 'Просмотры',
                align: 'right',
                render: (_, row) => formatCount(row.total_views),
              },
            ]}
          />
        )}
      </Card>
      <Card title="По дням" size="small">
        <RelationGraph themeId={theme.id} filter={filter} />
      </Card>
    </Space>
  );
}
