import type {
  InvolvementItem,
  InvolvementMetricValues,
  InvolvementPeriodGraph,
  InvolvementTotalGraph,
  InvolvementTypesGraph,
  InvolvementValuesDistribution,
  LomSubscriptionItem,
  VkGroupItem,
} from '@monitoring/contracts';
import type {
  InvolvementMonthRow,
  InvolvementRow,
  InvolvementTotalsRow,
  InvolvementTypeRow,
  InvolvementValueRow,
  MetricRow,
  SubscriptionRow,
  VkGroupRow,
} from './queries.ts';

const metricsOf = (row: MetricRow): InvolvementMetricValues => ({
  total: Number(row.total),
  accepted: Number(row.accepted),
  declined: Number(row.declined),
  paid: Number(row.paid),
  grant: Number(row.grant),
});

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

export function presentInvolvement(row: InvolvementRow): InvolvementItem {
  return {
    id: row.id,
    title: row.title,
    lom: row.lom,
    pc_customer: row.pc_customer,
    involvement_type: row.involvement_type,
    values: metricsOf(row),
    grant: numberOrNull(row.grant_amount),
    grant_giver: row.grant_giver,
    fee: numberOrNull(row.fee),
    release_dates: row.release_dates,
    approval: row.approval,
    day: row.day,
    created_at: row.created_at,
  };
}

const ZERO: InvolvementMetricValues = { total: 0, accepted: 0, declined: 0, paid: 0, grant: 0 };

/** A point for every month (YYYY-MM) of `months`, zeros where no row has it. */
export function presentPeriodGraph(months: string[], rows: InvolvementMonthRow[]): InvolvementPeriodGraph {
  const byMonth = new Map(rows.map((row) => [row.period, row]));
  return {
    points: months.map((period) => {
      const row = byMonth.get(period);
      return row
        ? { period, involvements: Number(row.involvements), ...metricsOf(row) }
        : { period, involvements: 0, ...ZERO };
    }),
  };
}

export function presentTotalGraph(row: InvolvementTotalsRow): InvolvementTotalGraph {
  return {
    involvements: Number(row.involvements),
    ...metricsOf(row),
    fee_sum: Number(row.fee_sum),
    grant_sum: Number(row.grant_sum),
  };
}

export function presentValuesDistribution(rows: InvolvementValueRow[]): InvolvementValuesDistribution {
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      involvement_type: row.involvement_type,
      day: row.day,
      ...metricsOf(row),
    })),
  };
}

export function presentTypesGraph(rows: InvolvementTypeRow[]): InvolvementTypesGraph {
  return {
    types: rows.map((row) => ({
      involvement_type: row.involvement_type,
      involvements: Number(row.involvements),
      ...metricsOf(row),
    })),
  };
}

export function presentVkGroup(row: VkGroupRow): VkGroupItem {
  return { id: row.id, name: row.name, url: row.url, members: row.members, index: row.index };
}

export function presentSubscription(row: SubscriptionRow): LomSubscriptionItem {
  return {
    id: row.id,
    lom: row.lom,
    name: row.name,
    url: row.url,
    subscribers: Number(row.subscribers),
    subscribed_lom: row.subscribed_lom,
    lom_source: row.lom_source,
    is_vk: row.is_vk,
  };
}
