import {
  apiPath,
  LOM_PATHS,
  type LomListItem,
  listEnvelope,
  lomCountResponse,
  lomDetail,
  lomFavouriteResponse,
  lomListItem,
  type QueryParams,
} from '@monitoring/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

const lomListResponse = listEnvelope(lomListItem);
export type LomListResponse = ReturnType<typeof lomListResponse.parse>;

export const lomKeys = {
  all: ['loms'] as const,
  lists: () => [...lomKeys.all, 'list'] as const,
  list: (query: QueryParams) => [...lomKeys.lists(), query] as const,
  count: () => [...lomKeys.all, 'count'] as const,
  detail: (id: number) => [...lomKeys.all, 'detail', id] as const,
};

/** A page of the lom table; the previous page stays on screen while the next loads. */
export function useLomList(query: QueryParams) {
  return useQuery({
    queryKey: lomKeys.list(query),
    queryFn: ({ signal }) => apiFetch(LOM_PATHS.list, { signal, query, schema: lomListResponse }),
    placeholderData: keepPreviousData,
  });
}

/** Active loms in the base (the «всего» of the header). */
export function useLomCount() {
  return useQuery({
    queryKey: lomKeys.count(),
    queryFn: ({ signal }) =>
      apiFetch(LOM_PATHS.count, { signal, query: { is_active: true }, schema: lomCountResponse }),
    staleTime: 60_000,
  });
}

/** One lom's card. A 404 is not notified: the router shows the 404 page for an id that does not exist. */
export const lomDetailQuery = (id: number) =>
  queryOptions({
    queryKey: lomKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_PATHS.detail, { id }), { signal, schema: lomDetail, handledStatuses: [404] }),
  });

export function useLomDetail(id: number) {
  return useQuery(lomDetailQuery(id));
}

function withFavourite(rows: LomListItem[], id: number, isFavourite: boolean) {
  return rows.map((row) => (row.id === id ? { ...row, is_favourite: isFavourite } : row));
}

interface FavouriteVariables {
  id: number;
  /** The state the user asked for. */
  isFavourite: boolean;
}

/**
 * The favourite toggle of product.md §4: every cached list and the card flip at once,
 * then the call; a failure puts back what was there. In a favourites-only list the row
 * leaves when it stops being a favourite (and a new favourite appears on refetch).
 */
export function useSwitchFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: FavouriteVariables) =>
      apiFetch(apiPath(LOM_PATHS.switchFavourite, { id }), { method: 'PATCH', schema: lomFavouriteResponse }),
    onMutate: async ({ id, isFavourite }) => {
      await queryClient.cancelQueries({ queryKey: lomKeys.all });
      const lists = queryClient.getQueriesData<LomListResponse>({ queryKey: lomKeys.lists() });
      const detail = queryClient.getQueryData(lomKeys.detail(id));
      for (const [key, data] of lists) {
        if (!data) continue;
        const query = key[2] as QueryParams | undefined;
        const favouritesOnly = query?.is_favourite === true || query?.is_favourite === 'true';
        const results =
          favouritesOnly && !isFavourite
            ? data.results.filter((row) => row.id !== id)
            : withFavourite(data.results, id, isFavourite);
        queryClient.setQueryData(key, { ...data, results });
      }
      queryClient.setQueryData(lomKeys.detail(id), (old: typeof detail) =>
        old && typeof old === 'object' ? { ...old, is_favourite: isFavourite } : old,
      );
      return { lists, detail };
    },
    onError: (_error, { id }, context) => {
      if (!context) return;
      for (const [key, data] of context.lists) queryClient.setQueryData(key, data);
      queryClient.setQueryData(lomKeys.detail(id), context.detail);
    },
    onSettled: (_data, error, { isFavourite }) => {
      // A new favourite must appear in favourites-only lists: those need the server.
      if (error || isFavourite) {
        void queryClient.invalidateQueries({
          queryKey: lomKeys.lists(),
          predicate: (query) => {
            const params = query.queryKey[2] as QueryParams | undefined;
            return params?.is_favourite !== undefined;
          },
        });
      }
    },
  });
}
