import {
  ADMIN_INFO_REASON_PATHS,
  ADMIN_RUBRIC_PATHS,
  ADMIN_THEME_PATHS,
  adminConvertResult,
  adminInfoReasonItem,
  adminInfoReasonMergeResult,
  adminRubricLomItem,
  adminThemeItem,
  adminThemeMergeResult,
  adminUpdatedResult,
  apiPath,
  listEnvelope,
  type QueryParams,
  RUBRIC_PATHS,
  rubricItem,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** The admin panel's themes, info reasons and rubric loms (contracts admin-directories.ts, docs/admin-directories.md). */

const themeList = listEnvelope(adminThemeItem);
const infoReasonList = listEnvelope(adminInfoReasonItem);
const rubricLomList = listEnvelope(adminRubricLomItem);

export const adminDirectoryKeys = {
  themes: ['admin', 'themes'] as const,
  infoReasons: ['admin', 'info-reasons'] as const,
  rubricLoms: (id: number) => ['admin', 'rubric-loms', id] as const,
};

export function useAdminThemes(query: QueryParams) {
  return useQuery({
    queryKey: [...adminDirectoryKeys.themes, query],
    queryFn: ({ signal }) => apiFetch(ADMIN_THEME_PATHS.list, { signal, query, schema: themeList }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminInfoReasons(query: QueryParams) {
  return useQuery({
    queryKey: [...adminDirectoryKeys.infoReasons, query],
    queryFn: ({ signal }) =>
      apiFetch(ADMIN_INFO_REASON_PATHS.list, { signal, query, schema: infoReasonList }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminRubricLoms(id: number, query: QueryParams) {
  return useQuery({
    queryKey: [...adminDirectoryKeys.rubricLoms(id), query],
    queryFn: ({ signal }) =>
      apiFetch(apiPath(ADMIN_RUBRIC_PATHS.loms, { id }), { signal, query, schema: rubricLomList }),
    placeholderData: keepPreviousData,
  });
}

/** A write of the admin lists: every list of the kind (and the themes' and info reasons' own caches) reloads after it. */
function useAdminWrite<V, T>(run: (vars: V) => Promise<T>, keys: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

const THEMES_TOO = [adminDirectoryKeys.themes, adminDirectoryKeys.infoReasons, ['themes'], ['info-reasons']];

export function useMergeAdminThemes() {
  return useAdminWrite(
    ({ target, queryset }: { target: number; queryset: number[] }) =>
      apiFetch(apiPath(ADMIN_THEME_PATHS.merge, { id: target }), {
        method: 'POST',
        body: { queryset },
        schema: adminThemeMergeResult,
      }),
    THEMES_TOO,
  );
}

export function useArchiveAdminTheme() {
  return useAdminWrite(
    ({ id, archive }: { id: number; archive: boolean }) =>
      apiFetch(apiPath(ADMIN_THEME_PATHS.archive, { id }), {
        method: 'POST',
        body: { archive },
        schema: adminThemeItem,
      }),
    THEMES_TOO,
  );
}

export function useDeactivateAdminTheme() {
  return useAdminWrite(
    ({ id, active }: { id: number; active: boolean }) =>
      apiFetch(apiPath(ADMIN_THEME_PATHS.deactivate, { id }), {
        method: 'PATCH',
        body: active ? { active } : undefined,
        schema: adminThemeItem,
      }),
    THEMES_TOO,
  );
}

export function useMergeAdminInfoReasons() {
  return useAdminWrite(
    ({ target, queryset }: { target: number; queryset: number[] }) =>
      apiFetch(apiPath(ADMIN_INFO_REASON_PATHS.merge, { id: target }), {
        method: 'POST',
        body: { queryset },
        schema: adminInfoReasonMergeResult,
      }),
    THEMES_TOO,
  );
}

export function useArchiveAdminInfoReason() {
  return useAdminWrite(
    ({ id, archive }: { id: number; archive: boolean }) =>
      apiFetch(apiPath(ADMIN_INFO_REASON_PATHS.archive, { id }), {
        method: 'PATCH',
        body: { archive },
        schema: adminInfoReasonItem,
      }),
    THEMES_TOO,
  );
}

export function useDeactivateAdminInfoReason() {
  return useAdminWrite(
    ({ id, active }: { id: number; active: boolean }) =>
      apiFetch(apiPath(ADMIN_INFO_REASON_PATHS.deactivate, { id }), {
        method: 'PATCH',
        body: active ? { active } : undefined,
        schema: adminInfoReasonItem,
      }),
    THEMES_TOO,
  );
}

export function useClearInfoReasonTheme() {
  return useAdminWrite(
    (queryset: number[]) =>
      apiFetch(ADMIN_INFO_REASON_PATHS.clearTheme, {
        method: 'POST',
        body: { queryset },
        schema: adminUpdatedResult,
      }),
    THEMES_TOO,
  );
}

export function useSetInfoReasonTheme() {
  return useAdminWrite(
    ({ id, theme }: { id: number; theme: number }) =>
      apiFetch(apiPath(ADMIN_INFO_REASON_PATHS.setTheme, { id }), {
        method: 'POST',
        body: { theme },
        schema: adminInfoReasonItem,
      }),
    THEMES_TOO,
  );
}

export function useConvertInfoReasonsToThemes() {
  return useAdminWrite(
    ({ ids, includeMarkups }: { ids: number[]; includeMarkups: boolean }) =>
      apiFetch(ADMIN_INFO_REASON_PATHS.convertToTheme, {
        method: 'PATCH',
        body: { ids, include_markups: includeMarkups },
        schema: adminConvertResult,
      }),
    THEMES_TOO,
  );
}

export function useChangeRubricLoms(rubricId: number) {
  return useAdminWrite(
    ({ loms, add }: { loms: number[]; add: boolean }) =>
      apiFetch(apiPath(add ? ADMIN_RUBRIC_PATHS.addLoms : ADMIN_RUBRIC_PATHS.removeLoms, { id: rubricId }), {
        method: 'POST',
        body: { loms },
        schema: adminUpdatedResult,
      }),
    [adminDirectoryKeys.rubricLoms(rubricId), ['rubrics']],
  );
}

/** PUT api/v2/rubrics/{id}/ (view_rubric_admin): the admin page archives a rubric or brings it back. */
export function useArchiveRubric() {
  return useAdminWrite(
    ({ id, archived }: { id: number; archived: boolean }) =>
      apiFetch(apiPath(RUBRIC_PATHS.detail, { id }), {
        method: 'PUT',
        body: { archived },
        schema: rubricItem,
      }),
    [['rubrics']],
  );
}
