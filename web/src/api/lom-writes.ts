import {
  apiPath,
  LOM_AVATAR_FIELD,
  LOM_PATHS,
  LOM_WRITE_PATHS,
  type LomCreateBody,
  type LomDetail,
  type LomSourceCreateBody,
  type LomUpdateBody,
  listEnvelope,
  lomActiveResponse,
  lomAvatarResponse,
  lomCardDirectories,
  lomCompareItem,
  lomDetail,
  lomSourceItem,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { lomKeys } from './loms.ts';

// The lom card's writes, its editor's directories and the comparison of loms
// (api.md §7.9; docs/loms.md). Every write puts the server's answer into the card's cache.

const compareResponse = listEnvelope(lomCompareItem);
export type LomCompareResponse = ReturnType<typeof compareResponse.parse>;

export const lomWriteKeys = {
  directories: () => [...lomKeys.all, 'card-directories'] as const,
  compare: (ids: readonly number[], after?: string, before?: string, page = 1) =>
    [...lomKeys.all, 'compare', ids, after ?? null, before ?? null, page] as const,
};

/** Form errors are shown beside their field, so a 400 is not notified. */
const FORM_STATUSES = [400] as const;

export function createLom(body: LomCreateBody) {
  return apiFetch(LOM_WRITE_PATHS.create, {
    method: 'POST',
    body,
    schema: lomDetail,
    handledStatuses: FORM_STATUSES,
  });
}

/** POST create-lom/; the new card lands in the cache and the lists reload. */
export function useCreateLom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLom,
    onSuccess: (card) => {
      queryClient.setQueryData(lomKeys.detail(card.id), card);
      void queryClient.invalidateQueries({ queryKey: lomKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: lomKeys.count() });
    },
  });
}

/** PATCH loms/{id}/: the server answers the card as it now is. */
export function useUpdateLom(lomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LomUpdateBody) =>
      apiFetch(apiPath(LOM_PATHS.detail, { id: lomId }), {
        method: 'PATCH',
        body,
        schema: lomDetail,
        handledStatuses: FORM_STATUSES,
      }),
    onSuccess: (card) => {
      queryClient.setQueryData(lomKeys.detail(lomId), card);
      void queryClient.invalidateQueries({ queryKey: lomKeys.lists() });
    },
  });
}

export function useUploadLomAvatar(lomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(LOM_AVATAR_FIELD, file);
      return apiFetch(apiPath(LOM_WRITE_PATHS.avatar, { id: lomId }), {
        method: 'PATCH',
        body: form,
        schema: lomAvatarResponse,
        handledStatuses: FORM_STATUSES,
      });
    },
    onSuccess: ({ avatar }) => {
      queryClient.setQueryData(lomKeys.detail(lomId), (old: LomDetail | undefined) =>
        old ? { ...old, avatar } : old,
      );
      void queryClient.invalidateQueries({ queryKey: lomKeys.lists() });
    },
  });
}

export function useCreateLomSource(lomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LomSourceCreateBody) =>
      apiFetch(apiPath(LOM_WRITE_PATHS.createSource, { id: lomId }), {
        method: 'POST',
        body,
        schema: lomSourceItem,
        handledStatuses: FORM_STATUSES,
      }),
    // Subscribers and coverage follow the accounts: the card is read again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: lomKeys.detail(lomId) });
      void queryClient.invalidateQueries({ queryKey: lomKeys.lists() });
    },
  });
}

/** PATCH activate/ or deactivate/. */
export function useSetLomActive(lomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      apiFetch(apiPath(active ? LOM_PATHS.activate : LOM_PATHS.deactivate, { id: lomId }), {
        method: 'PATCH',
        schema: lomActiveResponse,
      }),
    onSuccess: ({ is_active }) => {
      queryClient.setQueryData(lomKeys.detail(lomId), (old: LomDetail | undefined) =>
        old ? { ...old, is_active } : old,
      );
      void queryClient.invalidateQueries({ queryKey: lomKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: lomKeys.count() });
    },
  });
}

/** DELETE loms/{id}/ (archives the lom). */
export function useDeleteLom(lomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(apiPath(LOM_PATHS.detail, { id: lomId }), { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: lomKeys.all });
    },
  });
}

/** Producer centers, thematic groups, listAnd entries and interests, whole: small and rarely changed. */
export function useLomCardDirectories(enabled = true) {
  return useQuery({
    queryKey: lomWriteKeys.directories(),
    queryFn: ({ signal }) =>
      apiFetch(LOM_WRITE_PATHS.cardDirectories, { signal, schema: lomCardDirectories }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export interface LomCompareParams {
  ids: readonly number[];
  /** Moscow days YYYY-MM-DD, both included. */
  after?: string;
  before?: string;
  page?: number;
}

/** GET compare_loms/: the chosen loms side by side; nothing is asked while none is chosen. */
export function useLomCompare({ ids, after, before, page = 1 }: LomCompareParams) {
  return useQuery({
    queryKey: lomWriteKeys.compare(ids, after, before, page),
    queryFn: ({ signal }) =>
      apiFetch(LOM_WRITE_PATHS.compare, {
        signal,
        query: { id_in: [...ids], wrote_at_after: after, wrote_at_before: before, page },
        schema: compareResponse,
      }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}
