import {
  apiPath,
  listEnvelope,
  PERSONAL_TAG_PATHS,
  PICK_LIST_PATHS,
  personalTagItem,
  type QueryParams,
  TAG_PATHS,
  tagItem,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

const tagListResponse = listEnvelope(tagItem);
const personalTagListResponse = listEnvelope(personalTagItem);

export const tagKeys = {
  all: ['tags'] as const,
  list: (query: QueryParams) => [...tagKeys.all, 'list', query] as const,
  personal: (query: QueryParams) => ['personal-tags', 'list', query] as const,
  personalAll: ['personal-tags'] as const,
};

/** The pick lists show tags too: they are refreshed with every change. */
function invalidateTags(queryClient: ReturnType<typeof useQueryClient>, personal: boolean) {
  void queryClient.invalidateQueries({ queryKey: personal ? tagKeys.personalAll : tagKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['pick-list', personal ? 'personal_tag' : 'tag'] });
  void queryClient.invalidateQueries({ queryKey: ['pick-names', personal ? 'personal_tag' : 'tag'] });
}

/** GET api/v2/tags/: a page of the tag directory by name, with how many messages carry each. */
export function useTagList(query: QueryParams) {
  return useQuery({
    queryKey: tagKeys.list(query),
    queryFn: ({ signal }) => apiFetch(TAG_PATHS.list, { signal, query, schema: tagListResponse }),
    placeholderData: keepPreviousData,
  });
}

/** GET personal-tags/filter-list/: the caller's own personal tags. */
export function usePersonalTagList(query: QueryParams) {
  return useQuery({
    queryKey: tagKeys.personal(query),
    queryFn: ({ signal }) =>
      apiFetch(PICK_LIST_PATHS.personal_tag, { signal, query, schema: personalTagListResponse }),
    placeholderData: keepPreviousData,
  });
}

export interface TagWrite {
  /** Absent: create. */
  id?: number;
  name: string;
}

/** POST (create) or PATCH (rename) a tag; `personal` for one's own personal tags. */
export function useSaveTag(personal: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: TagWrite) => {
      const path =
        id === undefined
          ? personal
            ? PERSONAL_TAG_PATHS.create
            : TAG_PATHS.list
          : apiPath(personal ? PERSONAL_TAG_PATHS.detail : TAG_PATHS.detail, { id });
      // The form shows a 400 at its field itself.
      return apiFetch(path, {
        method: id === undefined ? 'POST' : 'PATCH',
        body: { name },
        handledStatuses: [400],
      });
    },
    onSettled: () => invalidateTags(queryClient, personal),
  });
}

export function useDeleteTag(personal: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(personal ? PERSONAL_TAG_PATHS.detail : TAG_PATHS.detail, { id }), {
        method: 'DELETE',
      }),
    onSettled: () => invalidateTags(queryClient, personal),
  });
}
