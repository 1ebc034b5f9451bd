import {
  ACTION_TYPE,
  type CanLoadSubscriptionsResponse,
  type InvolvementGraphQuery,
  type InvolvementItem,
  type InvolvementListQuery,
  type InvolvementPeriodGraph,
  type InvolvementTotalGraph,
  type InvolvementTypesGraph,
  type InvolvementValuesDistribution,
  type ListEnvelope,
  type LoadSubscriptionsResponse,
  type LomSubscriptionItem,
  type LomSubscriptionListQuery,
  pageInfo,
  type VkGroupItem,
  type VkGroupListQuery,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { assertLomCardTab } from '../../domain/lom-card-access.ts';
import type { AuthUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import {
  presentInvolvement,
  presentPeriodGraph,
  presentSubscription,
  presentTotalGraph,
  presentTypesGraph,
  presentValuesDistribution,
  presentVkGroup,
} from './presenter.ts';
import {
  type DayRange,
  insertGroupsFromSubscriptions,
  involvementCount,
  involvementMonths,
  involvementPage,
  involvementTotals,
  involvementTypes,
  involvementValues,
  loadableCount,
  lomExists,
  subscriptionCount,
  subscriptionPage,
  vkGroupCount,
  vkGroupPage,
} from './queries.ts';

const LOM_NOT_FOUND = 'ЛОМ не найден';

async function requireLom(db: Db, lomId: number, lock = false): Promise<void> {
  if (!(await lomExists(db, lomId, lock))) throw notFound(LOM_NOT_FOUND);
}

const rangeOf = (query: { period_after?: string; period_before?: string }): DayRange => ({
  after: query.period_after,
  before: query.period_before,
});

/** The list envelope; a page past the end still says how many there are. */
async function envelopeOf<Row extends { count: string | number }, Item>(
  rows: Row[],
  page: number,
  pageSize: number,
  present: (row: Row) => Item,
  countAll: () => Promise<number>,
): Promise<ListEnvelope<Item>> {
  const total = rows.length > 0 ? Number(rows[0].count) : page > 1 ? await countAll() : 0;
  return { results: rows.map(present), ...pageInfo(page, pageSize, total) };
}

// Involvements

async function involvementTab(db: Db, user: AuthUser, lomId: number): Promise<void> {
  assertLomCardTab(user, 'involvements');
  await requireLom(db, lomId);
}

/** GET loms/involvements/: the lom's involvements, the latest first. */
export async function listInvolvements(
  db: Db,
  query: InvolvementListQuery,
  user: AuthUser,
): Promise<ListEnvelope<InvolvementItem>> {
  await involvementTab(db, user, query.lom_id);
  const range = rangeOf(query);
  const rows = await involvementPage(db, query.lom_id, range, query.page, query.page_size);
  return envelopeOf(rows, query.page, query.page_size, presentInvolvement, () =>
    involvementCount(db, query.lom_id, range),
  );
}

/** Months YYYY-MM from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  const end = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7));
  while (year * 12 + month <= end) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/**
 * GET period_graph/: the metrics per month of the involvements' days; every month of the
 * period is present (zeros where there was nothing), all-time from the first to the last.
 */
export async function involvementPeriodGraph(
  db: Db,
  query: InvolvementGraphQuery,
  user: AuthUser,
): Promise<InvolvementPeriodGraph> {
  await involvementTab(db, user, query.lom_id);
  const rows = await involvementMonths(db, query.lom_id, rangeOf(query));
  const first = query.period_after?.slice(0, 7) ?? rows[0]?.period;
  const last = query.period_before?.slice(0, 7) ?? rows[rows.length - 1]?.period ?? first;
  if (!first || !last) return { points: [] };
  return presentPeriodGraph(monthsBetween(first, last), rows);
}

/** GET total_graph/: each metric summed over the lom's involvements, with the roubles. */
export async function involvementTotalGraph(
  db: Db,
  query: InvolvementGraphQuery,
  user: AuthUser,
): Promise<InvolvementTotalGraph> {
  await involvementTab(db, user, query.lom_id);
  const row = await involvementTotals(db, query.lom_id, rangeOf(query));
  return presentTotalGraph(row);
}

/** GET values_distribution/: the values of each involvement, in the order of their days. */
export async function involvementValuesDistribution(
  db: Db,
  query: InvolvementGraphQuery,
  user: AuthUser,
): Promise<InvolvementValuesDistribution> {
  await involvementTab(db, user, query.lom_id);
  const rows = await involvementValues(db, query.lom_id, rangeOf(query));
  return presentValuesDistribution(rows);
}

/** GET involvement_types_graph/: involvements and their metrics per involvement type. */
export async function involvementTypesGraph(
  db: Db,
  query: InvolvementGraphQuery,
  user: AuthUser,
): Promise<InvolvementTypesGraph> {
  await involvementTab(db, user, query.lom_id);
  const rows = await involvementTypes(db, query.lom_id, rangeOf(query));
  return presentTypesGraph(rows);
}

// VK groups and subscriptions

/** GET loms/vk_groups/: the lom's VK groups, by index, 30 a page. */
export async function listVkGroups(
  db: Db,
  query: VkGroupListQuery,
  user: AuthUser,
): Promise<ListEnvelope<VkGroupItem>> {
  assertLomCardTab(user, 'groups');
  await requireLom(db, query.lom);
  const rows = await vkGroupPage(db, query.lom, query.page, query.page_size);
  return envelopeOf(rows, query.page, query.page_size, presentVkGroup, () => vkGroupCount(db, query.lom));
}

/** GET can_load_subscriptions/: whether the lom's subscriptions hold VK pages that are not its groups. */
export async function canLoadSubscriptions(
  db: Db,
  lomId: number,
  user: AuthUser,
): Promise<CanLoadSubscriptionsResponse> {
  assertLomCardTab(user, 'groups');
  await requireLom(db, lomId);
  const available = await loadableCount(db, lomId);
  return { lom: lomId, can_load: available > 0, available };
}

/**
 * POST {id}/load_subscriptions/: the VK pages among the lom's subscriptions become its
 * groups, in one transaction with its action-log entry; a load that finds nothing writes nothing.
 */
export async function loadSubscriptions(
  db: Db,
  lomId: number,
  user: AuthUser,
): Promise<LoadSubscriptionsResponse> {
  assertLomCardTab(user, 'groups');
  return db.transaction(async (tx) => {
    // The lock makes two loads of one lom wait for each other instead of doubling groups.
    await requireLom(tx, lomId, true);
    const before = await vkGroupCount(tx, lomId);
    const loaded = await insertGroupsFromSubscriptions(tx, lomId);
    const after = before + loaded.length;
    if (loaded.length > 0) {
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'lom.vk_groups_load',
        lomId,
        oldValue: { groups_count: before },
        newValue: {
          groups_count: after,
          loaded: loaded.map((g) => ({ id: g.id, name: g.name, url: g.url })),
        },
      });
    }
    return { lom: lomId, loaded: loaded.length, groups_count: after };
  });
}

/** GET v2 subscriptions/: the accounts loms are subscribed to, the largest first. */
export async function listSubscriptions(
  db: Db,
  query: LomSubscriptionListQuery,
  user: AuthUser,
): Promise<ListEnvelope<LomSubscriptionItem>> {
  assertLomCardTab(user, 'groups');
  const rows = await subscriptionPage(db, query.lom_in, query.page, query.page_size);
  return envelopeOf(rows, query.page, query.page_size, presentSubscription, () =>
    subscriptionCount(db, query.lom_in),
  );
}
