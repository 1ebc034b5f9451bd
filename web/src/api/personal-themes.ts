import {
  apiPath,
  listEnvelope,
  PERSONAL_THEME_PATHS,
  type PersonalThemeItem,
  personalThemeItem,
  personalThemeResult,
  type QueryParams,
} from '@monitoring/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { invalidatePersonalPins } from './dashboards.ts';

const personalThemeListResponse = listEnvelope(personalThemeItem);

export const personalThemeKeys = {
  all: ['personal-themes'] as const,
  list: (query: QueryParams) => [...personalThemeKeys.all, 'list', query] as const,
};

/** Personal themes of type 1 are the saved message filters with a dashboard (product.md §3). */
export const DASHBOARD_PERSONAL_THEME_TYPE = 1;

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: personalThemeKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['pick-list', 'personal_theme'] });
  invalidatePersonalPins(queryClient);
}

/** GET personal-themes/: the caller's own, newest first. */
export function usePersonalThemes(query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: personalThemeKeys.list(query),
    queryFn: ({ signal }) =>
      apiFetch(PERSONAL_THEME_PATHS.list, { signal, query, schema: personalThemeListResponse }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * One of the caller's personal themes (the list with `id_in`: there is no GET of one),
 * or null when there is none.
 */
export const personalThemeQuery = (id: number) =>
  queryOptions({
    queryKey: personalThemeKeys.list({ id_in: id }),
    queryFn: async ({ signal }): Promise<PersonalThemeItem | null> => {
      const answer = await apiFetch(PERSONAL_THEME_PATHS.list, {
        signal,
        query: { id_in: id, page_size: 1 },
        schema: personalThemeListResponse,
      });
      return answer.results[0] ?? null;
    },
  });

export function usePersonalTheme(id: number) {
  return useQuery({ ...personalThemeQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

export interface PersonalThemeCreate {
  name: string;
  filters: Record<string, unknown>;
  type?: number;
}

/** POST messages/save_personal_theme/: a 400 is shown at the form's field. */
export function useCreatePersonalTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, filters, type = DASHBOARD_PERSONAL_THEME_TYPE }: PersonalThemeCreate) =>
      apiFetch(PERSONAL_THEME_PATHS.create, {
        method: 'POST',
        body: { name, filters, type },
        schema: personalThemeResult,
        handledStatuses: [400],
      }),
    onSettled: () => invalidate(queryClient),
  });
}

export function useRenamePersonalTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiFetch(apiPath(PERSONAL_THEME_PATHS.detail, { id }), {
        method: 'PATCH',
        body: { name },
        schema: personalThemeItem,
        handledStatuses: [400],
      }),
    onSettled: () => invalidate(queryClient),
  });
}

export function useDeletePersonalTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(apiPath(PERSONAL_THEME_PATHS.detail, { id }), { method: 'DELETE' }),
    onSettled: () => invalidate(queryClient),
  });
}
