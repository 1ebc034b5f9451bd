import { MAX_PICK_PAGE_SIZE, PICK_LIST_PATHS, type PickItem, type PickListKind } from '@monitoring/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/**
 * The directories a filter or editor picks from (product.md §3 "Pick lists":
 * page, page_size, search, ids → results; docs/directories.md): those of messages
 * and those of loms (lom_type, lom_focus, producer_center, thematic_group, list_and,
 * interest). The paths are contracts' PICK_LIST_PATHS, shared with the server;
 * `extra` carries a directory's own filters, e.g. `{ is_segment: true }` for the
 * segments among the lom types.
 */
const PICK_PAGE_SIZE = 50;

/** Lenient: a directory may send more fields, and some send `title` rather than `name`. */
const pickAnswer = {
  parse(data: unknown): { results: PickItem[] } {
    const results = (data as { results?: unknown } | null)?.results;
    if (!Array.isArray(results)) return { results: [] };
    const items: PickItem[] = [];
    for (const raw of results as unknown[]) {
      const item = raw as { id?: unknown; name?: unknown; title?: unknown } | null;
      if (typeof item?.id !== 'number') continue;
      const name =
        typeof item.name === 'string' ? item.name : typeof item.title === 'string' ? item.title : '';
      items.push({ id: item.id, name: name || `#${item.id}` });
    }
    return { results: items };
  },
};

export interface PickListParams {
  search?: string;
  /** Extra filters of the directory, e.g. theme_in for info reasons, is_segment for lom types. */
  extra?: Record<string, string | number | boolean | readonly number[] | undefined>;
}

export function usePickList(kind: PickListKind, { search = '', extra = {} }: PickListParams, enabled = true) {
  return useQuery({
    queryKey: ['pick-list', kind, search, extra],
    queryFn: async ({ signal }): Promise<PickItem[]> => {
      const answer = await apiFetch(PICK_LIST_PATHS[kind], {
        signal,
        query: { search, page: 1, page_size: PICK_PAGE_SIZE, ...extra },
        schema: pickAnswer,
        // A directory not served yet is not an error worth a notification.
        handledStatuses: [404],
      });
      return answer.results;
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** Names of ids the URL holds (a filter opened from a link), from the same directory. */
export function usePickNames(kind: PickListKind, ids: readonly number[]) {
  return useQuery({
    queryKey: ['pick-names', kind, [...ids].sort((a, b) => a - b)],
    queryFn: async ({ signal }): Promise<PickItem[]> => {
      // A URL may name more ids than one page holds; the names of the first page are enough to show.
      const named = ids.slice(0, MAX_PICK_PAGE_SIZE);
      const answer = await apiFetch(PICK_LIST_PATHS[kind], {
        signal,
        query: { id_in: named, page: 1, page_size: Math.max(named.length, 1) },
        schema: pickAnswer,
        handledStatuses: [404],
      });
      return answer.results;
    },
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
}

export type { PickListKind };
