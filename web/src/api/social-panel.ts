import {
  apiPath,
  SOCIAL_PANEL_GRAPH_RESPONSES,
  SOCIAL_PANEL_PATHS,
  type SocialPanelGraph,
  type SocialPanelGraphResponse,
  socialPanelistsResponse,
  socialPanelListResponse,
  socialPanelLomsResponse,
  socialPanelSchema,
  socialPanelViralResponse,
} from '@monitoring/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayPeriod } from '../lib/day-period.ts';
import { apiFetch, type ResponseSchema } from './client.ts';

export const socialPanelKeys = {
  all: ['social-panel'] as const,
  list: (page: number, group: number | undefined) => [...socialPanelKeys.all, 'list', page, group] as const,
  detail: (id: number) => [...socialPanelKeys.all, 'detail', id] as const,
  graph: (id: number, graph: SocialPanelGraph, period: DayPeriod) =>
    [...socialPanelKeys.all, 'graph', id, graph, period.after, period.before] as const,
  panelists: (id: number, page: number) => [...socialPanelKeys.all, 'panelists', id, page] as const,
  loms: (id: number, candidates: boolean) => [...socialPanelKeys.all, 'loms', id, candidates] as const,
  viral: (id: number, period: DayPeriod) =>
    [...socialPanelKeys.all, 'viral', id, period.after, period.before] as const,
};

/** The panels, 12 a page; the previous page stays while the next loads. */
export function useSocialPanels(page: number, group: number | undefined) {
  return useQuery({
    queryKey: socialPanelKeys.list(page, group),
    queryFn: ({ signal }) =>
      apiFetch(SOCIAL_PANEL_PATHS.list, { signal, query: { page, group }, schema: socialPanelListResponse }),
    placeholderData: keepPreviousData,
  });
}

export function useSocialPanel(id: number | undefined) {
  return useQuery({
    queryKey: socialPanelKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(SOCIAL_PANEL_PATHS.detail, { id: id ?? 0 }), {
        signal,
        schema: socialPanelSchema,
        handledStatuses: [404],
      }),
    enabled: id !== undefined,
  });
}

/**
 * One chart of a panel. No placeholder: §4 "social panel switching clears data, then loads
 * the chosen panel", so another panel's chart is never shown under this one's name.
 */
export function useSocialPanelGraph<G extends SocialPanelGraph>(id: number, graph: G, period: DayPeriod) {
  return useQuery({
    queryKey: socialPanelKeys.graph(id, graph, period),
    queryFn: ({ signal }) =>
      apiFetch(
        apiPath(SOCIAL_PANEL_PATHS.graphs[graph] as (typeof SOCIAL_PANEL_PATHS.graphs)['age'], { id }),
        {
          signal,
          query: { period_after: period.after, period_before: period.before },
          schema: SOCIAL_PANEL_GRAPH_RESPONSES[graph] as unknown as ResponseSchema<
            SocialPanelGraphResponse<G>
          >,
        },
      ),
  });
}

export function useSocialPanelists(id: number, page: number) {
  return useQuery({
    queryKey: socialPanelKeys.panelists(id, page),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(SOCIAL_PANEL_PATHS.panelists, { id }), {
        signal,
        query: { page },
        schema: socialPanelistsResponse,
      }),
  });
}

/** The panel's confirmed loms (social_panel_loms/) or its candidates. */
export function useSocialPanelLoms(id: number, candidates: boolean) {
  return useQuery({
    queryKey: socialPanelKeys.loms(id, candidates),
    queryFn: ({ signal }) =>
      candidates
        ? apiFetch(apiPath(SOCIAL_PANEL_PATHS.lomCandidates, { id }), {
            signal,
            schema: socialPanelLomsResponse,
          })
        : apiFetch(SOCIAL_PANEL_PATHS.loms, {
            signal,
            query: { soc_panel: id },
            schema: socialPanelLomsResponse,
          }),
  });
}

/** The viral content of the panel's audience over the period (viral-content-id/): its ids and count. */
export function useSocialPanelViral(id: number, period: DayPeriod) {
  return useQuery({
    queryKey: socialPanelKeys.viral(id, period),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(SOCIAL_PANEL_PATHS.viralContentIds, { id }), {
        signal,
        query: { period_after: period.after, period_before: period.before },
        schema: socialPanelViralResponse,
      }),
  });
}
