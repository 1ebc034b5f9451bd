import './lom-relations.css';
import { INVOLVEMENT_METRIC_LABELS, INVOLVEMENT_METRICS } from '@monitoring/contracts';
import { Alert, Button, Card, Empty, Segmented, Skeleton, Statistic } from 'antd';
import { useMemo } from 'react';
import {
  type InvolvementScope,
  useInvolvementPeriodGraph,
  useInvolvementTotalGraph,
  useInvolvementTypes,
  useInvolvementValues,
} from '../../../api/lom-relations.ts';
import { formatExact } from '../../../lib/format.ts';
import { EChart } from '../../../ui/EChart.tsx';
import { InvolvementTable } from './InvolvementTable.tsx';
import {
  integrationPlanOption,
  involvementPeriodOption,
  involvementTotalOption,
  involvementTypesOption,
  involvementValuesOption,
} from './involvement-charts.ts';
import { RelationChartCard } from './RelationChartCard.tsx';
import { INVOLVEMENT_TEXTS } from './relations-texts.ts';
import type { LomTabProps } from './types.ts';
import { useTabChoice } from './useTabChoice.ts';

const SCOPES = ['period', 'all'] as const;
type Scope = (typeof SCOPES)[number];

/** Producer-center projects of the period, or of all time, drawn four ways. */
function InvolvementCharts({ scope }: { scope: InvolvementScope }) {
  const periodGraph = useInvolvementPeriodGraph(scope);
  const values = useInvolvementValues(scope);
  const types = useInvolvementTypes(scope);
  const periodOption = useMemo(
    () => (periodGraph.data ? involvementPeriodOption(periodGraph.data) : {}),
    [periodGraph.data],
  );
  const valuesOption = useMemo(
    () => (values.data ? involvementValuesOption(values.data) : {}),
    [values.data],
  );
  const typesOption = useMemo(() => (types.data ? involvementTypesOption(types.data) : {}), [types.data]);
  const common = { errorTitle: INVOLVEMENT_TEXTS.loadError, emptyText: INVOLVEMENT_TEXTS.empty };
  return (
    <>
      <RelationChartCard
        {...common}
        title={INVOLVEMENT_TEXTS.periodChart}
        pending={periodGraph.isPending}
        error={periodGraph.isError ? periodGraph.error : null}
        empty={!periodGraph.data?.points.some((p) => p.involvements > 0)}
        stale={periodGraph.isPlaceholderData}
      >
        <EChart
          option={periodOption}
          label={`Вовлечённость: ${INVOLVEMENT_TEXTS.periodChart}`}
          height={300}
        />
      </RelationChartCard>
      <RelationChartCard
        {...common}
        title={INVOLVEMENT_TEXTS.valuesChart}
        pending={values.isPending}
        error={values.isError ? values.error : null}
        empty={!values.data?.items.length}
        stale={values.isPlaceholderData}
      >
        <EChart
          option={valuesOption}
          label={`Вовлечённость: ${INVOLVEMENT_TEXTS.valuesChart}`}
          height={300}
        />
      </RelationChartCard>
      <RelationChartCard
        {...common}
        title={INVOLVEMENT_TEXTS.typesChart}
        pending={types.isPending}
        error={types.isError ? types.error : null}
        empty={!types.data?.types.length}
        stale={types.isPlaceholderData}
      >
        <EChart option={typesOption} label={`Вовлечённость: ${INVOLVEMENT_TEXTS.typesChart}`} height={300} />
      </RelationChartCard>
    </>
  );
}

/** The card's involvements tab: totals, the four charts, the plan targets and the list of projects. */
export function InvolvementsTab({ lom, period }: LomTabProps) {
  const [scopeChoice, setScope] = useTabChoice<Scope>('involvements_scope', SCOPES, 'period');
  const scope: InvolvementScope = useMemo(
    () =>
      scopeChoice === 'all'
        ? { lom_id: lom.id }
        : { lom_id: lom.id, period_after: period.after, period_before: period.before },
    [scopeChoice, lom.id, period.after, period.before],
  );
  const totals = useInvolvementTotalGraph(scope);
  const totalOption = useMemo(() => (totals.data ? involvementTotalOption(totals.data) : {}), [totals.data]);
  const planOption = useMemo(() => integrationPlanOption(), []);

  let body = null;
  if (totals.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (totals.isError)
    body = (
      <Alert type="error" showIcon title={INVOLVEMENT_TEXTS.loadError} description={totals.error.message} />
    );
  else if (totals.data.involvements === 0)
    body = (
      <Card size="small">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={scopeChoice === 'all' ? INVOLVEMENT_TEXTS.emptyAll : INVOLVEMENT_TEXTS.empty}
        >
          {scopeChoice === 'period' ? (
            <Button onClick={() => setScope('all')}>{INVOLVEMENT_TEXTS.showAll}</Button>
          ) : null}
        </Empty>
      </Card>
    );
  else
    body = (
      <>
        <Card size="small" className={totals.isPlaceholderData ? 'lom-relations__stale' : undefined}>
          <div className="lom-relations__stats">
            <Statistic title={INVOLVEMENT_TEXTS.projects} value={formatExact(totals.data.involvements)} />
            {INVOLVEMENT_METRICS.map((metric) => (
              <Statistic
                key={metric}
                title={INVOLVEMENT_METRIC_LABELS[metric]}
                value={formatExact(totals.data[metric])}
              />
            ))}
            <Statistic title={INVOLVEMENT_TEXTS.fee} value={formatExact(totals.data.fee_sum)} />
            <Statistic title={INVOLVEMENT_TEXTS.grants} value={formatExact(totals.data.grant_sum)} />
          </div>
        </Card>
        <div className="lom-relations__grid">
          <InvolvementCharts scope={scope} />
          <RelationChartCard
            title={INVOLVEMENT_TEXTS.totalChart}
            pending={false}
            error={null}
            errorTitle={INVOLVEMENT_TEXTS.loadError}
            empty={false}
            emptyText={INVOLVEMENT_TEXTS.empty}
          >
            <EChart
              option={totalOption}
              label={`Вовлечённость: ${INVOLVEMENT_TEXTS.totalChart}`}
              height={300}
            />
          </RelationChartCard>
        </div>
        <InvolvementTable scope={scope} />
      </>
    );

  return (
    <div className="lom-relations">
      <div className="lom-relations__toolbar">
        <span>{INVOLVEMENT_TEXTS.scope}</span>
        <Segmented<Scope>
          aria-label={INVOLVEMENT_TEXTS.scope}
          value={scopeChoice}
          onChange={setScope}
          options={[
            { value: 'period', label: INVOLVEMENT_TEXTS.period },
            { value: 'all', label: INVOLVEMENT_TEXTS.all },
          ]}
        />
      </div>
      {body}
      <Card size="small" title={INVOLVEMENT_TEXTS.planChart}>
        <EChart option={planOption} label={INVOLVEMENT_TEXTS.planChart} height={280} />
        <p className="muted lom-relations__note">{INVOLVEMENT_TEXTS.planNote}</p>
      </Card>
    </div>
  );
}
