import './lom-relations.css';
import {
  RELATION_GRAPH_AGG_PARAMS,
  type RelationGraphAggParam,
  type RelationGraphResponse,
  relationGraphPeriod,
} from '@monitoring/contracts';
import { Segmented } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRelationGraph } from '../../../api/lom-relations.ts';
import { formatDate, formatExact } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { EChart } from '../../../ui/EChart.tsx';
import { RelationChartCard } from './RelationChartCard.tsx';
import { nodeTarget, relationGraphOption } from './relation-charts.ts';
import { RELATION_LINK_LABELS, RELATION_TEXTS } from './relations-texts.ts';
import type { LomTabProps } from './types.ts';
import { useTabChoice } from './useTabChoice.ts';

interface LinkRow {
  key: string;
  kind: RelationGraphResponse['links'][number]['kind'];
  name: string;
  href: string | null;
  messages: number;
  views: number;
}

/** The links as a table beside the picture: who, how, and their weight. */
function linkRows(graph: RelationGraphResponse): LinkRow[] {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  return graph.links.flatMap((link) => {
    // The end that is not the card's lom; a co-theme link runs from the theme to the other lom.
    const other = nodes.get(link.kind === 'host' ? link.source : link.target);
    if (!other) return [];
    const theme = link.kind === 'co_theme' ? nodes.get(link.source) : undefined;
    return [
      {
        key: `${link.kind}:${link.source}>${link.target}`,
        kind: link.kind,
        name: theme ? `${other.name} — «${theme.name}»` : other.name,
        href: nodeTarget({ entityKind: other.kind, entityId: other.entity_id, center: other.center }),
        messages: link.messages,
        views: link.views,
      },
    ];
  });
}

/** The card's relations tab: the lom, its themes and the loms linked to it in the period, as a graph. */
export function RelationsTab({ lom, period }: LomTabProps) {
  const [agg, setAgg] = useTabChoice<RelationGraphAggParam>(
    'relations_by',
    RELATION_GRAPH_AGG_PARAMS,
    'views',
  );
  const query = useRelationGraph(lom.id, period, agg);
  const navigate = useNavigate();
  const graph = query.data;
  const option = useMemo(() => (graph ? relationGraphOption(graph) : {}), [graph]);
  const rows = useMemo(() => (graph ? linkRows(graph) : []), [graph]);
  const sentBefore = relationGraphPeriod(period.after, period.before).before;

  return (
    <div className="lom-relations">
      <div className="lom-relations__toolbar">
        <span>{RELATION_TEXTS.byLabel}</span>
        <Segmented<RelationGraphAggParam>
          aria-label={RELATION_TEXTS.byLabel}
          value={agg}
          onChange={setAgg}
          options={[
            { value: 'views', label: RELATION_TEXTS.views },
            { value: 'messages', label: RELATION_TEXTS.messages },
          ]}
        />
      </div>
      <RelationChartCard
        title={RELATION_TEXTS.chart}
        pending={query.isPending}
        error={query.isError ? query.error : null}
        errorTitle={RELATION_TEXTS.loadError}
        empty={!graph || graph.links.length === 0}
        emptyText={RELATION_TEXTS.empty}
        stale={query.isPlaceholderData}
      >
        <EChart
          option={option}
          label={RELATION_TEXTS.chart}
          height={520}
          loading={query.isFetching}
          onClick={(params) => {
            const target = nodeTarget(params.data);
            if (target) navigate(target);
          }}
        />
        <p className="muted lom-relations__note">
          {RELATION_TEXTS.note(formatDate(`${sentBefore}T12:00:00+03:00`))}
        </p>
        <DataTable<LinkRow>
          size="small"
          rowKey="key"
          rows={rows}
          clientPageSize={25}
          columns={[
            {
              title: RELATION_TEXTS.table.name,
              dataIndex: 'name',
              render: (name: string, row) => (row.href ? <Link to={row.href}>{name}</Link> : name),
            },
            {
              title: RELATION_TEXTS.table.kind,
              dataIndex: 'kind',
              render: (kind: LinkRow['kind']) => RELATION_LINK_LABELS[kind],
            },
            {
              title: RELATION_TEXTS.table.messages,
              dataIndex: 'messages',
              align: 'right',
              render: (value: number) => formatExact(value),
            },
            {
              title: RELATION_TEXTS.table.views,
              dataIndex: 'views',
              align: 'right',
              render: (value: number) => formatExact(value),
            },
          ]}
        />
      </RelationChartCard>
    </div>
  );
}
