import {
  apiPath,
  canLoadSubscriptionsResponse,
  involvementItem,
  involvementPeriodGraph,
  involvementTotalGraph,
  involvementTypesGraph,
  involvementValuesDistribution,
  LOM_RELATION_PATHS,
  type LomRubricAggParam,
  listEnvelope,
  loadSubscriptionsResponse,
  lomRubricsByPeriodResponse,
  lomSubscriptionItem,
  PAGE_SIZES,
  type RelationGraphAggParam,
  relationGraphPeriod,
  relationGraphResponse,
  vkGroupItem,
} from '@monitoring/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** A period of the card: Moscow days, both inclusive. */
export interface CardPeriod {
  after: string;
  before: string;
}

/** The involvement calls: a lom, and the period unless the tab shows all time. */
export interface InvolvementScope {
  lom_id: number;
  period_after?: string;
  period_before?: string;
}

const vkGroupPage = listEnvelope(vkGroupItem);
const subscriptionPage = listEnvelope(lomSubscriptionItem);
const involvementPage = listEnvelope(involvementItem);

/** Subscriptions shown a page at a time under the groups. */
export const LOM_SUBSCRIPTIONS_PAGE_SIZE = 25;
/** Involvements shown a page at a time under the charts. */
export const INVOLVEMENTS_PAGE_SIZE = 25;

export const lomRelationKeys = {
  all: ['lom-relations'] as const,
  vkGroups: (lomId: number) => [...lomRelationKeys.all, 'vk-groups', lomId] as const,
  canLoad: (lomId: number) => [...lomRelationKeys.all, 'can-load', lomId] as const,
  subscriptions: (lomId: number) => [...lomRelationKeys.all, 'subscriptions', lomId] as const,
  relationGraph: (lomId: number, period: CardPeriod, agg: RelationGraphAggParam) =>
    [...lomRelationKeys.all, 'relation-graph', lomId, period, agg] as const,
  rubrics: (lomId: number, period: CardPeriod, agg: LomRubricAggParam) =>
    [...lomRelationKeys.all, 'rubrics', lomId, period, agg] as const,
  involvements: (scope: InvolvementScope) => [...lomRelationKeys.all, 'involvements', scope] as const,
  involvementGraph: (kind: string, scope: InvolvementScope) =>
    [...lomRelationKeys.all, 'involvement-graph', kind, scope] as const,
};

// VK groups

/** The lom's VK groups, 30 a page; «Показать ещё» appends the next page. */
export function useVkGroups(lomId: number) {
  return useInfiniteQuery({
    queryKey: lomRelationKeys.vkGroups(lomId),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(LOM_RELATION_PATHS.vkGroups, {
        signal,
        query: { lom: lomId, page: pageParam, page_size: PAGE_SIZES.VK_GROUPS },
        schema: vkGroupPage,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
  });
}

export function useCanLoadVkGroups(lomId: number) {
  return useQuery({
    queryKey: lomRelationKeys.canLoad(lomId),
    queryFn: ({ signal }) =>
      apiFetch(LOM_RELATION_PATHS.canLoadSubscriptions, {
        signal,
        query: { lom: lomId },
        schema: canLoadSubscriptionsResponse,
      }),
  });
}

/** Turns the lom's VK subscriptions into groups, then reloads the groups and the check. */
export function useLoadVkGroups(lomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(apiPath(LOM_RELATION_PATHS.loadSubscriptions, { id: lomId }), {
        method: 'POST',
        schema: loadSubscriptionsResponse,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lomRelationKeys.vkGroups(lomId) }),
        queryClient.invalidateQueries({ queryKey: lomRelationKeys.canLoad(lomId) }),
      ]),
  });
}

export function useLomSubscriptions(lomId: number) {
  return useInfiniteQuery({
    queryKey: lomRelationKeys.subscriptions(lomId),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(LOM_RELATION_PATHS.subscriptions, {
        signal,
        query: { lom_in: [lomId], page: pageParam, page_size: LOM_SUBSCRIPTIONS_PAGE_SIZE },
        schema: subscriptionPage,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
  });
}

// Relation graph and rubrics

/** The graph of the card's period, its last day taken off (product.md §4). */
export function useRelationGraph(lomId: number, period: CardPeriod, agg: RelationGraphAggParam) {
  return useQuery({
    queryKey: lomRelationKeys.relationGraph(lomId, period, agg),
    queryFn: ({ signal }) => {
      const sent = relationGraphPeriod(period.after, period.before);
      return apiFetch(apiPath(LOM_RELATION_PATHS.relationGraph, { id: lomId }), {
        signal,
        query: { agg_param: agg, period_after: sent.after, period_before: sent.before },
        schema: relationGraphResponse,
      });
    },
    placeholderData: keepPreviousData,
  });
}

export function useLomRubricsByPeriod(lomId: number, period: CardPeriod, agg: LomRubricAggParam) {
  return useQuery({
    queryKey: lomRelationKeys.rubrics(lomId, period, agg),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_RELATION_PATHS.rubricsByPeriod, { id: lomId }), {
        signal,
        query: { agg_param: agg, period_after: period.after, period_before: period.before },
        schema: lomRubricsByPeriodResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

// Involvements

export function useInvolvements(scope: InvolvementScope, page: number) {
  return useQuery({
    queryKey: [...lomRelationKeys.involvements(scope), page],
    queryFn: ({ signal }) =>
      apiFetch(LOM_RELATION_PATHS.involvements, {
        signal,
        query: { ...scope, page, page_size: INVOLVEMENTS_PAGE_SIZE },
        schema: involvementPage,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvolvementPeriodGraph(scope: InvolvementScope) {
  return useQuery({
    queryKey: lomRelationKeys.involvementGraph('period', scope),
    queryFn: ({ signal }) =>
      apiFetch(LOM_RELATION_PATHS.involvementPeriodGraph, {
        signal,
        query: { ...scope },
        schema: involvementPeriodGraph,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvolvementTotalGraph(scope: InvolvementScope) {
  return useQuery({
    queryKey: lomRelationKeys.involvementGraph('total', scope),
    queryFn: ({ signal }) =>
      apiFetch(LOM_RELATION_PATHS.involvementTotalGraph, {
        signal,
        query: { ...scope },
        schema: involvementTotalGraph,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvolvementValues(scope: InvolvementScope) {
  return useQuery({
    queryKey: lomRelationKeys.involvementGraph('values', scope),
    queryFn: ({ signal }) =>
      apiFetch(LOM_RELATION_PATHS.involvementValuesDistribution, {
        signal,
        query: { ...scope },
        schema: involvementValuesDistribution,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvolvementTypes(scope: InvolvementScope) {
  return useQuery({
    queryKey: lomRelationKeys.involvementGraph('types', scope),
    queryFn: ({ signal }) =>
      apiFetch(LOM_RELATION_PATHS.involvementTypesGraph, {
        signal,
        query: { ...scope },
        schema: involvementTypesGraph,
      }),
    placeholderData: keepPreviousData,
  });
}
