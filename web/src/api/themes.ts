import {
  apiPath,
  type ListEnvelope,
  listEnvelope,
  type QueryParams,
  THEME_LIST_PATHS,
  THEME_WRITE_PATHS,
  type ThemeDetail,
  type ThemeListItem,
  type ThemeUpdateBody,
  themeApproveResult,
  themeDetail,
  themeFavoriteResult,
  themeHideResult,
  themeListItem,
  themeMassArchiveResult,
  themeMergeResult,
} from '@monitoring/contracts';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { notifyBadRequest } from './mutation-errors.ts';

/**
 * The themes table (GET api/v2/themes/, contracts theme-list.ts) and the theme card with
 * its writes (api.md §7.6, docs/themes.md). Info reasons are in info-reasons.ts.
 */

const themeListResponse = listEnvelope(themeListItem);
export type ThemeListResponse = ListEnvelope<ThemeListItem>;

export const themeKeys = {
  all: ['themes'] as const,
  lists: () => [...themeKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...themeKeys.lists(), query] as const,
  details: () => [...themeKeys.all, 'detail'] as const,
  detail: (id: number) => [...themeKeys.details(), id] as const,
};

export function useThemeList(query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: themeKeys.list(query),
    queryFn: ({ signal }) => apiFetch(THEME_LIST_PATHS.list, { signal, query, schema: themeListResponse }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One theme. A 404 is not notified: the router shows the 404 page for an id that does not exist. */
export const themeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: themeKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(THEME_WRITE_PATHS.detail, { id }), {
        signal,
        schema: themeDetail,
        handledStatuses: [404],
      }),
  });

export function useThemeDetail(id: number) {
  return useQuery({ ...themeDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/** The theme names of pick lists (merge targets, filters) change with every create, rename, merge, delete. */
function invalidateThemeNames(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['pick-list', 'theme'] });
  void queryClient.invalidateQueries({ queryKey: ['pick-names', 'theme'] });
}

function invalidateThemeLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: themeKeys.lists() });
}

/** A theme answered by a write: the card takes it, the tables refetch. */
function storeTheme(queryClient: QueryClient, theme: ThemeDetail) {
  queryClient.setQueryData(themeKeys.detail(theme.id), theme);
  invalidateThemeLists(queryClient);
}

/** Every cached page of the table, with the query it was fetched for. */
function cachedLists(queryClient: QueryClient) {
  return queryClient.getQueriesData<ThemeListResponse>({ queryKey: themeKeys.lists() });
}

function listQueryOf(key: readonly unknown[]): QueryParams {
  return (key[2] ?? {}) as QueryParams;
}

/** Whether a cached page shows archived themes (the «Архив» tab). */
function isArchiveList(key: readonly unknown[]): boolean {
  const archived = listQueryOf(key).archived;
  return archived === true || archived === 'true';
}

/** A page without these rows (its total shrinks by as many as it held). */
export function withoutRows(data: ThemeListResponse, ids: readonly number[]): ThemeListResponse {
  const gone = new Set(ids);
  const results = data.results.filter((row) => !gone.has(row.id));
  const removed = data.results.length - results.length;
  if (removed === 0) return data;
  return { ...data, results, elements_count: Math.max(0, data.elements_count - removed) };
}

/**
 * A page after the archived flag of `ids` became `archived`: a page of the other tab no
 * longer shows them (product.md §4 "archiving a theme removes it from the table").
 */
export function withoutMovedRows(
  data: ThemeListResponse,
  ids: readonly number[],
  pageIsArchive: boolean,
  archived: boolean,
): ThemeListResponse {
  return pageIsArchive === archived ? data : withoutRows(data, ids);
}

/** `archived` null: the themes are gone (merged or deleted) and leave every page. */
function removeFromLists(queryClient: QueryClient, ids: readonly number[], archived: boolean | null) {
  for (const [key, data] of cachedLists(queryClient)) {
    if (!data) continue;
    const next =
      archived === null ? withoutRows(data, ids) : withoutMovedRows(data, ids, isArchiveList(key), archived);
    queryClient.setQueryData(key, next);
  }
}

// ---- Create ----

export function useCreateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch(THEME_LIST_PATHS.list, { method: 'POST', body: { name }, schema: themeDetail }),
    onSuccess: (theme) => {
      storeTheme(queryClient, theme);
      invalidateThemeNames(queryClient);
    },
  });
}

export function useCreateAiTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (themeName: string) =>
      apiFetch(THEME_WRITE_PATHS.createAi, {
        method: 'POST',
        body: { theme_name: themeName },
        schema: themeDetail,
      }),
    onSuccess: (theme) => {
      storeTheme(queryClient, theme);
      invalidateThemeNames(queryClient);
    },
  });
}

export interface NewThemeVariables {
  name: string;
  /** Fields beyond the name (PATCH right after the create: POST themes/ takes the name only). */
  fields: ThemeUpdateBody | null;
}

/**
 * The theme form's «Сохранить» for a new theme: POST themes/, then PATCH {id}/ with the
 * flags that differ from a new theme's. When the second call fails the theme exists all
 * the same: the answer carries it and the error, so the page can open it for editing.
 */
export function useCreateThemeWithFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, fields }: NewThemeVariables) => {
      const created = await apiFetch(THEME_LIST_PATHS.list, {
        method: 'POST',
        body: { name },
        schema: themeDetail,
      });
      if (!fields) return { theme: created, fieldsError: null };
      try {
        const theme = await apiFetch(apiPath(THEME_WRITE_PATHS.detail, { id: created.id }), {
          method: 'PATCH',
          body: fields,
          schema: themeDetail,
        });
        return { theme, fieldsError: null };
      } catch (error) {
        return { theme: created, fieldsError: error };
      }
    },
    onSuccess: ({ theme }) => {
      storeTheme(queryClient, theme);
      invalidateThemeNames(queryClient);
    },
  });
}

// ---- One theme ----

export function useUpdateTheme(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ThemeUpdateBody) =>
      apiFetch(apiPath(THEME_WRITE_PATHS.detail, { id }), {
        method: 'PATCH',
        body: fields,
        schema: themeDetail,
      }),
    onSuccess: (theme, fields) => {
      storeTheme(queryClient, theme);
      if (fields.archived !== undefined) removeFromLists(queryClient, [theme.id], theme.archived);
      if (fields.name !== undefined) invalidateThemeNames(queryClient);
    },
  });
}

export function useRenameTheme(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch(apiPath(THEME_WRITE_PATHS.name, { id }), {
        method: 'PATCH',
        body: { name },
        schema: themeDetail,
      }),
    onSuccess: (theme) => {
      storeTheme(queryClient, theme);
      invalidateThemeNames(queryClient);
    },
    onError: notifyBadRequest('Не удалось переименовать тему'),
  });
}

export function useHideTheme(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(apiPath(THEME_WRITE_PATHS.hide, { id }), { method: 'PATCH', schema: themeHideResult }),
    onSuccess: ({ hidden }) => {
      queryClient.setQueryData<ThemeDetail>(themeKeys.detail(id), (old) => (old ? { ...old, hidden } : old));
      invalidateThemeLists(queryClient);
    },
  });
}

export function useDeleteTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(apiPath(THEME_WRITE_PATHS.detail, { id }), { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      removeFromLists(queryClient, [id], null);
      queryClient.removeQueries({ queryKey: themeKeys.detail(id) });
      invalidateThemeLists(queryClient);
      invalidateThemeNames(queryClient);
      // Its info reasons lost their theme.
      void queryClient.invalidateQueries({ queryKey: ['info-reasons'] });
    },
  });
}

interface FavouriteVariables {
  id: number;
  /** The state the user asked for. */
  isFavorite: boolean;
}

/** The star of a row or the card: flips at once, then the call; a failure puts it back. */
export function useSwitchThemeFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: FavouriteVariables) =>
      apiFetch(apiPath(THEME_WRITE_PATHS.switchFavorite, { id }), {
        method: 'PATCH',
        schema: themeFavoriteResult,
      }),
    onMutate: async ({ id, isFavorite }) => {
      await queryClient.cancelQueries({ queryKey: themeKeys.all });
      const lists = cachedLists(queryClient);
      const detail = queryClient.getQueryData<ThemeDetail>(themeKeys.detail(id));
      for (const [key, data] of lists) {
        if (!data) continue;
        queryClient.setQueryData(key, {
          ...data,
          results: data.results.map((row) => (row.id === id ? { ...row, is_favorite: isFavorite } : row)),
        });
      }
      if (detail) queryClient.setQueryData(themeKeys.detail(id), { ...detail, is_favorite: isFavorite });
      return { lists, detail };
    },
    onError: (_error, { id }, context) => {
      if (!context) return;
      for (const [key, data] of context.lists) queryClient.setQueryData(key, data);
      queryClient.setQueryData(themeKeys.detail(id), context.detail);
    },
    onSuccess: ({ is_favorite }, { id }) => {
      queryClient.setQueryData<ThemeDetail>(themeKeys.detail(id), (old) =>
        old ? { ...old, is_favorite } : old,
      );
    },
  });
}

// ---- Bulk ----

export function useMassArchiveThemes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, archive }: { ids: readonly number[]; archive: boolean }) =>
      apiFetch(THEME_WRITE_PATHS.massArchive, {
        method: 'PATCH',
        body: { ids, archive },
        schema: themeMassArchiveResult,
      }),
    onSuccess: (answer, { ids, archive }) => {
      // Rows already in that state are not in the answer but leave the other tab all the same.
      removeFromLists(queryClient, ids, archive);
      for (const id of ids) {
        queryClient.setQueryData<ThemeDetail>(themeKeys.detail(id), (old) =>
          old ? { ...old, archived: answer.archived } : old,
        );
      }
      invalidateThemeLists(queryClient);
    },
    onError: notifyBadRequest('Не удалось изменить архив тем'),
  });
}

/** Approval answers 202; anything else is an error (api.md §8 "approve error"). */
export const THEME_APPROVE_ERROR = 'Не удалось одобрить темы';

export function useApproveThemes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      apiFetch(THEME_WRITE_PATHS.approve, {
        method: 'POST',
        body: { ids },
        schema: themeApproveResult,
        expectStatus: 202,
        unexpectedStatusMessage: THEME_APPROVE_ERROR,
      }),
    onSuccess: (_answer, ids) => {
      for (const id of ids) {
        queryClient.setQueryData<ThemeDetail>(themeKeys.detail(id), (old) =>
          old ? { ...old, approved: true } : old,
        );
      }
      invalidateThemeLists(queryClient);
    },
    onError: notifyBadRequest(THEME_APPROVE_ERROR),
  });
}

/** Glue `source` into `target`: the source is deleted and leaves every table. */
export function useMergeTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, target }: { source: number; target: number }) =>
      apiFetch(apiPath(THEME_WRITE_PATHS.merge, { id: source }), {
        method: 'POST',
        body: { theme: target },
        schema: themeMergeResult,
      }),
    onSuccess: (answer, { source }) => {
      removeFromLists(queryClient, [source], null);
      queryClient.removeQueries({ queryKey: themeKeys.detail(source) });
      queryClient.setQueryData(themeKeys.detail(answer.theme.id), answer.theme);
      invalidateThemeLists(queryClient);
      invalidateThemeNames(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['info-reasons'] });
    },
    onError: notifyBadRequest('Не удалось склеить темы'),
  });
}
