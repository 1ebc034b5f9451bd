import {
  apiPath,
  DASHBOARD_PATHS,
  DASHBOARD_PERSONAL_THEME_PATHS,
  DASHBOARD_THEME_PATHS,
  type DashboardKind,
  type DashboardListType,
  dashboardAvailableLom,
  dashboardCopyLomsResponse,
  dashboardGraphResponse,
  dashboardLomCount,
  dashboardLomItem,
  dashboardMoodTableResponse,
  dashboardPinnedTheme,
  dashboardPinResult,
  dashboardThemeChoice,
  type EditableDashboardKind,
  listEnvelope,
  type QueryParams,
} from '@monitoring/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, type ResponseSchema } from './client.ts';

const lomPage = listEnvelope(dashboardLomItem);
const availablePage = listEnvelope(dashboardAvailableLom);

/** A list answered either as an array or inside a list envelope's `results`. */
function arrayOf<T extends z.ZodType>(item: T): ResponseSchema<z.infer<T>[]> {
  return {
    parse(data: unknown) {
      const rows = Array.isArray(data) ? data : (data as { results?: unknown } | null)?.results;
      return (Array.isArray(rows) ? rows : []).map((row) => item.parse(row));
    },
  };
}

/** Identifies one dashboard: a theme's, a personal theme's or a rubric's. */
export interface DashboardRef {
  kind: DashboardKind;
  id: number;
}

/** A dashboard with lists of constant loms of its own: a theme's or a personal theme's. */
export interface EditableDashboardRef extends DashboardRef {
  kind: EditableDashboardKind;
}

export const dashboardKeys = {
  all: ['dashboards'] as const,
  one: ({ kind, id }: DashboardRef) => [...dashboardKeys.all, kind, id] as const,
  part: (ref: DashboardRef, part: string, query: QueryParams = {}) =>
    [...dashboardKeys.one(ref), part, query] as const,
  pinned: (query: QueryParams) => [...dashboardKeys.all, 'pinned', query] as const,
  choices: () => [...dashboardKeys.all, 'choices'] as const,
  /** The caller's pinned personal themes and their picker (dashboard/personal/themes…). */
  personalPinned: (query: QueryParams) => [...dashboardKeys.all, 'personal-pinned', query] as const,
  personalChoices: () => [...dashboardKeys.all, 'personal-choices'] as const,
};

const valid = ({ id }: DashboardRef) => Number.isInteger(id) && id > 0;

/** GET …/mood-table/: verified live messages of the dashboard per mood (pool 1 or 4 narrows the loms). */
export function useDashboardMoodTable(ref: DashboardRef, query: QueryParams) {
  return useQuery({
    queryKey: dashboardKeys.part(ref, 'mood-table', query),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].moodTable, { id: ref.id }), {
        signal,
        query,
        schema: dashboardMoodTableResponse,
        handledStatuses: [404],
      }),
    enabled: valid(ref),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET …/graph-stats/: the period's buckets (day, week or month). */
export function useDashboardGraph(ref: DashboardRef, query: QueryParams) {
  return useQuery({
    queryKey: dashboardKeys.part(ref, 'graph-stats', query),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].graphStats, { id: ref.id }), {
        signal,
        query,
        schema: dashboardGraphResponse,
        handledStatuses: [404],
      }),
    enabled: valid(ref),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET …/constant-lom-count/: the three lists' sizes and their total (a rubric's depend on the period). */
/**
 * Does the dashboard exist (its theme, personal theme or segment)? Its cheapest
 * call, over all time; the router asks it before a dashboard page shows.
 */
export const dashboardExistsQuery = (ref: DashboardRef) =>
  queryOptions({
    queryKey: dashboardKeys.part(ref, 'constant-lom-count'),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].constantLomCount, { id: ref.id }), {
        signal,
        schema: dashboardLomCount,
        handledStatuses: [404],
      }),
  });

export function useConstantLomCount(ref: DashboardRef, query: QueryParams) {
  return useQuery({
    queryKey: dashboardKeys.part(ref, 'constant-lom-count', query),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].constantLomCount, { id: ref.id }), {
        signal,
        query,
        schema: dashboardLomCount,
        handledStatuses: [404],
      }),
    enabled: valid(ref),
    retry: false,
  });
}

/** GET …/{positive|negative|neutral}/: a page of one list of constant loms with their period stats. */
export function useDashboardList(
  ref: DashboardRef,
  type: DashboardListType,
  query: QueryParams,
  enabled = true,
) {
  return useQuery({
    queryKey: dashboardKeys.part(ref, `list-${type}`, query),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind][type], { id: ref.id }), {
        signal,
        query,
        schema: lomPage,
        handledStatuses: [404],
      }),
    enabled: enabled && valid(ref),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET …/loms/: every lom that wrote messages of the dashboard in the period. */
export function useDashboardLoms(ref: DashboardRef, query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.part(ref, 'loms', query),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].loms, { id: ref.id }), {
        signal,
        query,
        schema: lomPage,
        handledStatuses: [404],
      }),
    enabled: enabled && valid(ref),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET …/all-available-loms/: loms not yet constant here (the add dialog's search). */
export function useAvailableLoms(ref: EditableDashboardRef, query: QueryParams, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.part(ref, 'available', query),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].allAvailableLoms, { id: ref.id }), {
        signal,
        query,
        schema: availablePage,
      }),
    enabled: enabled && valid(ref),
    placeholderData: keepPreviousData,
  });
}

/** Every list, count and table of a dashboard changes with its constant loms. */
function useInvalidateDashboard(ref: DashboardRef) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.one(ref) });
    void queryClient.invalidateQueries({ queryKey: [...dashboardKeys.all, 'pinned'] });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.choices() });
  };
}

export function useAddDashboardLoms(ref: EditableDashboardRef) {
  const invalidate = useInvalidateDashboard(ref);
  return useMutation({
    mutationFn: ({ loms, tonality }: { loms: number[]; tonality: number }) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].addLoms, { id: ref.id }), {
        method: 'POST',
        body: { loms, tonality },
        schema: dashboardLomCount,
      }),
    onSettled: invalidate,
  });
}

export function useRemoveDashboardLoms(ref: EditableDashboardRef) {
  const invalidate = useInvalidateDashboard(ref);
  return useMutation({
    mutationFn: (loms: number[]) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].removeLoms, { id: ref.id }), {
        method: 'DELETE',
        body: { loms },
      }),
    onSettled: invalidate,
  });
}

export function useCopyDashboardLoms(ref: EditableDashboardRef) {
  const invalidate = useInvalidateDashboard(ref);
  return useMutation({
    mutationFn: (theme: number) =>
      apiFetch(apiPath(DASHBOARD_PATHS[ref.kind].copyLoms, { id: ref.id }), {
        method: 'POST',
        body: { theme },
        schema: dashboardCopyLomsResponse,
      }),
    onSettled: invalidate,
  });
}

/** GET dashboard/themes/: the pinned themes with their period sums. */
export function usePinnedThemes(query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.pinned(query),
    queryFn: ({ signal }) =>
      apiFetch(DASHBOARD_THEME_PATHS.pinnedThemes, { signal, query, schema: arrayOf(dashboardPinnedTheme) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET dashboard/themes-dashboards/: the theme picker (themes with constant loms or pinned). */
export function useDashboardThemeChoices(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.choices(),
    queryFn: ({ signal }) =>
      apiFetch(DASHBOARD_THEME_PATHS.themesDashboards, { signal, schema: arrayOf(dashboardThemeChoice) }),
    staleTime: 60_000,
    enabled,
  });
}

/** Pin (POST dashboard/themes/) or unpin (DELETE dashboard/themes/{id}/) a theme. */
export function usePinTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ theme, pinned }: { theme: number; pinned: boolean }) =>
      pinned
        ? apiFetch(DASHBOARD_THEME_PATHS.pinnedThemes, {
            method: 'POST',
            body: { theme },
            schema: dashboardPinResult,
          })
        : apiFetch(apiPath(DASHBOARD_THEME_PATHS.pinnedTheme, { id: theme }), { method: 'DELETE' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...dashboardKeys.all, 'pinned'] });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.choices() });
    },
  });
}

/** GET dashboard/personal/themes/: the caller's pinned personal themes with their period sums. */
export function usePinnedPersonalThemes(query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.personalPinned(query),
    queryFn: ({ signal }) =>
      apiFetch(DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes, {
        signal,
        query,
        schema: arrayOf(dashboardPinnedTheme),
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET dashboard/personal/themes-dashboards/: every personal theme of the caller, with its pin. */
export function usePersonalThemeChoices(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.personalChoices(),
    queryFn: ({ signal }) =>
      apiFetch(DASHBOARD_PERSONAL_THEME_PATHS.themesDashboards, {
        signal,
        schema: arrayOf(dashboardThemeChoice),
      }),
    enabled,
  });
}

/** Pin (POST dashboard/personal/themes/) or unpin (DELETE dashboard/personal/themes/{id}/) a personal theme. */
export function usePinPersonalTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ theme, pinned }: { theme: number; pinned: boolean }) =>
      pinned
        ? apiFetch(DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes, {
            method: 'POST',
            body: { theme },
            schema: dashboardPinResult,
          })
        : apiFetch(apiPath(DASHBOARD_PERSONAL_THEME_PATHS.pinnedTheme, { id: theme }), { method: 'DELETE' }),
    onSettled: () => invalidatePersonalPins(queryClient),
  });
}

/** After a pin, an unpin, or a change of a personal theme (its name, its deletion drops its pin). */
export function invalidatePersonalPins(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: [...dashboardKeys.all, 'personal-pinned'] });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.personalChoices() });
}
