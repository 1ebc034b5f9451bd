import { PRODUCER_GRAPH_TITLES, PRODUCER_GRAPHS, type ProducerGraph } from '@monitoring/contracts';
import { Alert, Card, Empty } from 'antd';
import { useMemo } from 'react';
import { type ProducerFilter, useProducerGraph } from '../../api/producers.ts';
import { EChart } from '../../ui/EChart.tsx';
import { hasData, producerChartOption } from './chart-options.ts';

/** The wide charts take the whole row: a series per day of the period, or many columns. */
const WIDE: ReadonlySet<ProducerGraph> = new Set(['involvements', 'loms', 'messages']);

function GraphCard({ graph, filter }: { graph: ProducerGraph; filter: ProducerFilter }) {
  const query = useProducerGraph(graph, filter);
  const option = useMemo(() => (query.data ? producerChartOption(query.data) : null), [query.data]);
  const title = PRODUCER_GRAPH_TITLES[graph];
  let body: React.ReactNode;
  if (query.isError) body = <Alert type="error" showIcon message="Не удалось загрузить график" />;
  else if (query.data && !hasData(query.data)) body = <Empty description="Нет данных за период" />;
  else
    body = <EChart label={title} option={option ?? {}} loading={query.isFetching || !option} height={300} />;
  return (
    <Card
      size="small"
      title={title}
      className={`producer-chart${WIDE.has(graph) ? ' producer-chart--wide' : ''}`}
      data-graph={graph}
    >
      {body}
    </Card>
  );
}

/** Every graph of the chosen centers (api.md §7.5), each its own call. */
export function ProducerCharts({ filter }: { filter: ProducerFilter }) {
  return (
    <section className="producer-charts" aria-label="Графики продюсерских центров">
      {PRODUCER_GRAPHS.map((graph) => (
        <GraphCard key={graph} graph={graph} filter={filter} />
      ))}
    </section>
  );
}
