import './lom-audience.css';
import {
  AUDIENCE_PALETTE,
  DEFAULT_GRAPH_STEP,
  LOM_GRAPH_KINDS,
  LOM_GRAPH_TITLES,
  type LomGraphKind,
  type LomGraphPoint,
  PERIOD_OPTIONS,
  PERIODS,
  type Period,
} from '@monitoring/contracts';
import { Alert, Card, Empty, Segmented, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useLomGraph } from '../../../api/lom-audience.ts';
import { formatCount, formatExact } from '../../../lib/format.ts';
import { EChart, type EChartsCoreOption } from '../../../ui/EChart.tsx';
import type { LomTabProps } from './types.ts';
import { useTabChoice } from './useTabChoice.ts';

const STEP_PARAM = 'dynamics_step';

const COLORS: Record<LomGraphKind, string> = {
  subscribers: AUDIENCE_PALETTE[0],
  si: AUDIENCE_PALETTE[2],
  views: AUDIENCE_PALETTE[5],
};

const EMPTY_TEXT: Record<LomGraphKind, string> = {
  subscribers: 'За период нет данных о подписчиках',
  si: 'За период нет публикаций',
  views: 'За период нет публикаций',
};

/** A point's date in full: '05.06.2025', 'неделя с 02.06.2025', 'июнь 2025'. */
function stepLabel(date: string, step: Period): string {
  const day = dayjs(date);
  if (step === 'day') return day.format('DD.MM.YYYY');
  if (step === 'week') return `неделя с ${day.format('DD.MM.YYYY')}`;
  return day.format('MMMM YYYY');
}

const exact = new Intl.NumberFormat('ru-RU');

const axisLabel = (date: string, step: Period) =>
  step === 'month' ? dayjs(date).format('MMM YY') : dayjs(date).format('DD.MM');

function graphOption(kind: LomGraphKind, points: LomGraphPoint[], step: Period): EChartsCoreOption {
  const title = LOM_GRAPH_TITLES[kind];
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (items: { dataIndex: number }[]) => {
        const point = points[items[0]?.dataIndex ?? 0];
        return point ? `${stepLabel(point.date, step)}<br/>${title}: ${formatExact(point.value)}` : '';
      },
    },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((p) => p.date),
      axisLabel: { formatter: (date: string) => axisLabel(date, step) },
    },
    yAxis: {
      type: 'value',
      scale: kind === 'subscribers',
      // Subscribers move by a fraction of a percent: exact numbers, or «1,02 млн» would repeat.
      axisLabel: {
        formatter: (value: number) => (kind === 'subscribers' ? exact.format(value) : formatCount(value)),
      },
    },
    series: [
      {
        type: 'line',
        name: title,
        data: points.map((p) => p.value),
        showSymbol: points.length <= 60,
        itemStyle: { color: COLORS[kind] },
        areaStyle: kind === 'subscribers' ? undefined : { opacity: 0.12 },
      },
    ],
  };
}

/** Subscribers: the last count and its change; SI and views: the period's sum. */
function summary(kind: LomGraphKind, points: LomGraphPoint[]): string {
  if (kind === 'subscribers') {
    const first = points[0].value;
    const last = points[points.length - 1].value;
    const change = last - first;
    const sign = change > 0 ? '+' : change < 0 ? '−' : '';
    return `На конец периода: ${formatExact(last)} (${sign}${formatExact(Math.abs(change))} за период)`;
  }
  const total = points.reduce((sum, p) => sum + p.value, 0);
  return `Всего за период: ${formatExact(total)}`;
}

interface GraphCardProps {
  kind: LomGraphKind;
  lomId: number;
  period: LomTabProps['period'];
  step: Period;
}

function GraphCard({ kind, lomId, period, step }: GraphCardProps) {
  const query = useLomGraph(kind, lomId, period, step);
  const points = query.data?.graph ?? [];
  const option = useMemo(() => graphOption(kind, points, step), [kind, points, step]);
  const title = LOM_GRAPH_TITLES[kind];
  const hasData = kind === 'subscribers' ? points.length > 0 : points.some((p) => p.value !== 0);

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={`Не удалось загрузить график «${title}»`}
        description={query.error.message}
      />
    );
  else if (!hasData) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT[kind]} />;
  else
    body = (
      <div className={query.isPlaceholderData ? 'lom-tab__stale' : undefined}>
        <p className="muted">{summary(kind, points)}</p>
        <EChart option={option} label={`Динамика: ${title}`} height={260} loading={query.isFetching} />
      </div>
    );
  return (
    <Card size="small" title={title}>
      {body}
    </Card>
  );
}

/** The card's dynamics tab: subscribers, SI and views over the period, a point per day, week or month. */
export function DynamicsTab({ lom, period }: LomTabProps) {
  const [step, setStep] = useTabChoice<Period>(STEP_PARAM, PERIODS, DEFAULT_GRAPH_STEP);
  return (
    <div className="lom-tab">
      <div className="lom-tab__toolbar">
        <span>Шаг графиков:</span>
        <Segmented<Period>
          aria-label="Шаг графиков"
          value={step}
          onChange={setStep}
          options={[...PERIOD_OPTIONS]}
        />
      </div>
      <div className="lom-tab__grid lom-tab__grid--wide">
        {LOM_GRAPH_KINDS.map((kind) => (
          <GraphCard key={kind} kind={kind} lomId={lom.id} period={period} step={step} />
        ))}
      </div>
    </div>
  );
}
