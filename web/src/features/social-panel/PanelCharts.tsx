import {
  SOCIAL_PANEL_GRAPH_TITLES,
  type SocialPanelGraph,
  type SocialPanelGraphResponse,
} from '@monitoring/contracts';
import { Alert, Card, Empty, Segmented, Skeleton } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useSocialPanelGraph } from '../../api/social-panel.ts';
import type { DayPeriod } from '../../lib/day-period.ts';
import { EChart, type EChartsCoreOption } from '../../ui/EChart.tsx';
import {
  columnsOption,
  growthOption,
  rankedHeight,
  rankedOption,
  ringOption,
  topOption,
} from './chart-options.ts';
import { SOCIAL_PANEL_TEXTS as T } from './texts.ts';

interface ChartProps {
  panelId: number;
  period: DayPeriod;
}

interface GraphCardProps<G extends SocialPanelGraph> extends ChartProps {
  graph: G;
  /** The chart of an answer, or null when it holds nobody. */
  render: (data: SocialPanelGraphResponse<G>) => { option: EChartsCoreOption; height: number } | null;
  extra?: ReactNode;
}

/** One chart of the panel: a skeleton while it loads (never the previous panel's), the error, or the chart. */
function GraphCard<G extends SocialPanelGraph>({ panelId, period, graph, render, extra }: GraphCardProps<G>) {
  const query = useSocialPanelGraph(panelId, graph, period);
  const chart = useMemo(() => (query.data ? render(query.data) : null), [query.data, render]);
  const title = SOCIAL_PANEL_GRAPH_TITLES[graph];
  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (query.isError)
    body = <Alert type="error" showIcon title={T.chartsFailed} description={query.error.message} />;
  else if (!chart) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />;
  else body = <EChart option={chart.option} label={`Маркерная панель: ${title}`} height={chart.height} />;
  return (
    <Card size="small" title={title} extra={extra} data-testid={`panel-graph-${graph}`}>
      {body}
    </Card>
  );
}

const shares = (data: SocialPanelGraphResponse<'gender'>) =>
  data.total === 0 ? null : { option: ringOption(data.results), height: 240 };

function AgeCard(props: ChartProps) {
  const [set, setSet] = useState<'fine' | 'coarse'>('fine');
  const render = useMemo(
    () => (data: SocialPanelGraphResponse<'age'>) =>
      data.total === 0
        ? null
        : { option: columnsOption(set === 'fine' ? data.results : (data.coarse ?? [])), height: 240 },
    [set],
  );
  return (
    <GraphCard
      {...props}
      graph="age"
      render={render}
      extra={
        <Segmented
          size="small"
          value={set}
          onChange={(value) => setSet(value as 'fine' | 'coarse')}
          options={[
            { value: 'fine', label: T.ageFine },
            { value: 'coarse', label: T.ageCoarse },
          ]}
        />
      }
    />
  );
}

const geo = (data: SocialPanelGraphResponse<'geo'>) =>
  data.total === 0
    ? null
    : {
        option: rankedOption(
          data.results.map((r) => r.label),
          data.results.map((r) => r.value),
        ),
        height: rankedHeight(data.results.length),
      };

const top = (data: SocialPanelGraphResponse<'top_loms'>) =>
  data.results.length === 0
    ? null
    : { option: topOption(data.results), height: rankedHeight(data.results.length) };

const growth = (data: SocialPanelGraphResponse<'subscribers'>) =>
  data.results.every((p) => p.value === 0) ? null : { option: growthOption(data.results), height: 260 };

/** The eight charts of api.md §7.5, each loaded by itself. */
export function PanelCharts(props: ChartProps) {
  return (
    <div className="social-panel__charts">
      <GraphCard {...props} graph="gender" render={shares} />
      <AgeCard {...props} />
      <GraphCard {...props} graph="education" render={shares} />
      <GraphCard {...props} graph="family_status" render={shares} />
      <GraphCard {...props} graph="geo" render={geo} />
      <GraphCard {...props} graph="subscribers" render={growth} />
      <GraphCard {...props} graph="top_loms" render={top} />
      <GraphCard {...props} graph="top_groups" render={top} />
    </div>
  );
}
