import {
  apiPath,
  INFO_REASON_PATHS,
  type InfoReasonItem,
  infoReasonArchiveResponse,
  infoReasonComplete,
  infoReasonFavoriteResponse,
  infoReasonItem,
  infoReasonMassAddResponse,
  infoReasonMassResponse,
  type ListEnvelope,
  listEnvelope,
  PROFILE_LIST_PATHS,
  profileFavouriteInfoReasonItem,
  type QueryParams,
  type ThemeDetail,
} from '@monitoring/contracts';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { notifyBadRequest } from './mutation-errors.ts';
import { themeKeys } from './themes.ts';

/** The info reasons (api.md §7.3 info-reasons/, docs/info-reasons.md) and the profile's favourites. */

const infoReasonListResponse = listEnvelope(infoReasonItem);
export type InfoReasonListResponse = ListEnvelope<InfoReasonItem>;
const favouriteListResponse = listEnvelope(profileFavouriteInfoReasonItem);

export const infoReasonKeys = {
  all: ['info-reasons'] as const,
  lists: () => [...infoReasonKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...infoReasonKeys.lists(), query] as const,
  details: () => [...infoReasonKeys.all, 'detail'] as const,
  detail: (id: number) => [...infoReasonKeys.details(), id] as const,
  favourites: () => [...infoReasonKeys.all, 'favourites'] as const,
};

export function useInfoReasonList(query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: infoReasonKeys.list(query),
    queryFn: ({ signal }) =>
      apiFetch(INFO_REASON_PATHS.list, { signal, query, schema: infoReasonListResponse }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One info reason. A 404 is not notified: the router shows the 404 page for an id that does not exist. */
export const infoReasonDetailQuery = (id: number) =>
  queryOptions({
    queryKey: infoReasonKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(INFO_REASON_PATHS.detail, { id }), {
        signal,
        schema: infoReasonItem,
        handledStatuses: [404],
      }),
  });

export function useInfoReasonDetail(id: number) {
  return useQuery({ ...infoReasonDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

export const FAVOURITE_INFO_REASONS_PAGE_SIZE = 20;

/** The caller's favourite info reasons, a page at a time («Показать ещё»). */
export function useFavouriteInfoReasons(enabled = true) {
  return useInfiniteQuery({
    queryKey: infoReasonKeys.favourites(),
    queryFn: ({ signal, pageParam }) =>
      apiFetch(PROFILE_LIST_PATHS.favouriteInfoReasons, {
        signal,
        query: { page: pageParam, page_size: FAVOURITE_INFO_REASONS_PAGE_SIZE },
        schema: favouriteListResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.last_page ? last.page + 1 : undefined),
    enabled,
  });
}

/**
 * After a write: every info reason list and card refetch, and so do the theme cards
 * (their `info_reasons`) and the themes table (`has_info_reasons`).
 */
function invalidateAfterWrite(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: infoReasonKeys.all });
  void queryClient.invalidateQueries({ queryKey: themeKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['pick-list', 'info_reason'] });
  void queryClient.invalidateQueries({ queryKey: ['pick-names', 'info_reason'] });
}

function storeItem(queryClient: QueryClient, item: InfoReasonItem) {
  queryClient.setQueryData(infoReasonKeys.detail(item.id), item);
  invalidateAfterWrite(queryClient);
}

export function useCreateInfoReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; theme: number | null }) =>
      apiFetch(INFO_REASON_PATHS.list, { method: 'POST', body, schema: infoReasonItem }),
    onSuccess: (item) => storeItem(queryClient, item),
  });
}

export function useDeleteInfoReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(apiPath(INFO_REASON_PATHS.detail, { id }), { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: infoReasonKeys.detail(id) });
      invalidateAfterWrite(queryClient);
    },
  });
}

export function useRenameInfoReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiFetch(apiPath(INFO_REASON_PATHS.rename, { id }), {
        method: 'PATCH',
        body: { name },
        schema: infoReasonItem,
      }),
    onSuccess: (item) => storeItem(queryClient, item),
    onError: notifyBadRequest('Не удалось переименовать инфоповод'),
  });
}

/** Put one info reason into a theme, or take it out of any (null). */
export function useSetInfoReasonTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, theme }: { id: number; theme: number | null }) =>
      apiFetch(apiPath(INFO_REASON_PATHS.updateTheme, { id }), {
        method: 'PATCH',
        body: { theme },
        schema: infoReasonItem,
      }),
    onSuccess: (item) => storeItem(queryClient, item),
    onError: notifyBadRequest('Не удалось изменить тему инфоповода'),
  });
}

export function useInfoReasonsThemeMassUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, theme }: { ids: readonly number[]; theme: number | null }) =>
      apiFetch(INFO_REASON_PATHS.themeMassUpdate, {
        method: 'PATCH',
        body: { ids, theme },
        schema: infoReasonMassResponse,
      }),
    onSuccess: () => invalidateAfterWrite(queryClient),
    onError: notifyBadRequest('Не удалось изменить тему инфоповодов'),
  });
}

export function useInfoReasonsThemeMassAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, themeName }: { ids: readonly number[]; themeName: string }) =>
      apiFetch(INFO_REASON_PATHS.themeMassAdd, {
        method: 'PATCH',
        body: { ids, theme_name: themeName },
        schema: infoReasonMassAddResponse,
      }),
    onSuccess: (answer) => {
      invalidateAfterWrite(queryClient);
      if (answer.theme_created) {
        void queryClient.invalidateQueries({ queryKey: ['pick-list', 'theme'] });
      }
    },
    onError: notifyBadRequest('Не удалось добавить инфоповоды в тему'),
  });
}

export function useInfoReasonsMassArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, archive }: { ids: readonly number[]; archive: boolean }) =>
      apiFetch(INFO_REASON_PATHS.massArchive, {
        method: 'PATCH',
        body: { ids, archive },
        schema: infoReasonMassResponse,
      }),
    onSuccess: () => invalidateAfterWrite(queryClient),
    onError: notifyBadRequest('Не удалось изменить архив инфоповодов'),
  });
}

/** Flips `archived` of one info reason. */
export function useToggleInfoReasonArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(INFO_REASON_PATHS.archive, { id }), {
        method: 'PATCH',
        schema: infoReasonArchiveResponse,
      }),
    onSuccess: ({ archived }, id) => {
      queryClient.setQueryData<InfoReasonItem>(infoReasonKeys.detail(id), (old) =>
        old ? { ...old, archived } : old,
      );
      invalidateAfterWrite(queryClient);
    },
  });
}

/** `source` goes into `target` (the call's `theme` field) and is deleted. */
export function useMergeInfoReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, target }: { source: number; target: number }) =>
      apiFetch(apiPath(INFO_REASON_PATHS.merge, { id: source }), {
        method: 'POST',
        body: { theme: target },
        schema: infoReasonItem,
      }),
    onSuccess: (item, { source }) => {
      queryClient.removeQueries({ queryKey: infoReasonKeys.detail(source) });
      storeItem(queryClient, item);
    },
    onError: notifyBadRequest('Не удалось объединить инфоповоды'),
  });
}

// ---- Optimistic edits of cached items ----

type ItemPatch = Partial<Pick<InfoReasonItem, 'is_favorite' | 'target_tonality'>>;

/**
 * An item with new values; a new target tonality recomputes completeness from the
 * actual mood (contracts infoReasonComplete), as the server will.
 */
export function patchInfoReason(item: InfoReasonItem, patch: ItemPatch): InfoReasonItem {
  const next = { ...item, ...patch };
  if (patch.target_tonality !== undefined) {
    next.complete = infoReasonComplete(item.actual_mood, patch.target_tonality);
  }
  return next;
}

interface Snapshot {
  lists: [readonly unknown[], InfoReasonListResponse | undefined][];
  detail: InfoReasonItem | undefined;
  themes: [readonly unknown[], ThemeDetail | undefined][];
}

/** Applies `patch` to item `id` in every cached list, its card and the theme cards; returns what was there. */
export async function applyInfoReasonPatch(
  queryClient: QueryClient,
  id: number,
  patch: ItemPatch,
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: infoReasonKeys.all });
  const lists = queryClient.getQueriesData<InfoReasonListResponse>({ queryKey: infoReasonKeys.lists() });
  const detail = queryClient.getQueryData<InfoReasonItem>(infoReasonKeys.detail(id));
  const themes = queryClient.getQueriesData<ThemeDetail>({ queryKey: themeKeys.details() });
  for (const [key, data] of lists) {
    if (!data) continue;
    queryClient.setQueryData(key, {
      ...data,
      results: data.results.map((row) => (row.id === id ? patchInfoReason(row, patch) : row)),
    });
  }
  if (detail) queryClient.setQueryData(infoReasonKeys.detail(id), patchInfoReason(detail, patch));
  if (patch.target_tonality !== undefined) {
    const target = patch.target_tonality;
    for (const [key, theme] of themes) {
      if (!theme?.info_reasons.some((reason) => reason.id === id)) continue;
      queryClient.setQueryData(key, {
        ...theme,
        info_reasons: theme.info_reasons.map((reason) =>
          reason.id === id ? { ...reason, target_tonality: target } : reason,
        ),
      });
    }
  }
  return { lists, detail, themes };
}

export function restoreSnapshot(queryClient: QueryClient, id: number, snapshot: Snapshot) {
  for (const [key, data] of snapshot.lists) queryClient.setQueryData(key, data);
  queryClient.setQueryData(infoReasonKeys.detail(id), snapshot.detail);
  for (const [key, data] of snapshot.themes) queryClient.setQueryData(key, data);
}

/** The notification of a failed target tonality (api.md §8 'Setting target tonality error'). */
export const SETTING_TARGET_TONALITY_ERROR = 'Не удалось задать целевую тональность';

/**
 * product.md §4: the target tonality is set at once and put back unless the server
 * answers 200 (any other status, a network failure, a 400 alike).
 */
export function useUpdateTargetTonality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tonality }: { id: number; tonality: number | null }) =>
      apiFetch(apiPath(INFO_REASON_PATHS.updateTonality, { id }), {
        method: 'PATCH',
        body: { target_tonality: tonality },
        schema: infoReasonItem,
        expectStatus: 200,
        unexpectedStatusMessage: SETTING_TARGET_TONALITY_ERROR,
      }),
    onMutate: ({ id, tonality }) => applyInfoReasonPatch(queryClient, id, { target_tonality: tonality }),
    onError: (error, { id }, snapshot) => {
      if (snapshot) restoreSnapshot(queryClient, id, snapshot);
      notifyBadRequest(SETTING_TARGET_TONALITY_ERROR)(error);
    },
    onSuccess: (item) => queryClient.setQueryData(infoReasonKeys.detail(item.id), item),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: infoReasonKeys.all }),
  });
}

/** The star: flips at once, then the call; a failure puts it back. */
export function useSwitchInfoReasonFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; isFavorite: boolean }) =>
      apiFetch(apiPath(INFO_REASON_PATHS.switchFavorite, { id }), {
        method: 'PATCH',
        schema: infoReasonFavoriteResponse,
      }),
    onMutate: ({ id, isFavorite }) => applyInfoReasonPatch(queryClient, id, { is_favorite: isFavorite }),
    onError: (_error, { id }, snapshot) => {
      if (snapshot) restoreSnapshot(queryClient, id, snapshot);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: infoReasonKeys.favourites() }),
  });
}
