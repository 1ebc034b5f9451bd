import {
  ADMIN_LOM_PATHS,
  ADMIN_LOM_SOURCE_PATHS,
  ADMIN_MLG_REPORT_PATHS,
  adminLomActiveResult,
  adminLomDeactivateManyResult,
  adminLomItem,
  adminLomMergeResult,
  adminLomSourceItem,
  adminMlgLoadResult,
  adminMlgMassDeleteResult,
  adminMlgReportItem,
  apiPath,
  listEnvelope,
  loadProbableLomsResult,
  type QueryParams,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** The admin panel's lom sources, loms and mlg reports (api.md §7.2, docs/admin-loms.md). */

export const adminLomKeys = {
  all: ['admin-loms'] as const,
  sources: (query: QueryParams) => [...adminLomKeys.all, 'sources', query] as const,
  loms: (query: QueryParams) => [...adminLomKeys.all, 'loms', query] as const,
  reports: (query: QueryParams) => [...adminLomKeys.all, 'reports', query] as const,
};

const sourceList = listEnvelope(adminLomSourceItem);
const lomList = listEnvelope(adminLomItem);
const reportList = listEnvelope(adminMlgReportItem);

export function useAdminLomSources(query: QueryParams) {
  return useQuery({
    queryKey: adminLomKeys.sources(query),
    queryFn: ({ signal }) => apiFetch(ADMIN_LOM_SOURCE_PATHS.list, { signal, query, schema: sourceList }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLoms(query: QueryParams) {
  return useQuery({
    queryKey: adminLomKeys.loms(query),
    queryFn: ({ signal }) => apiFetch(ADMIN_LOM_PATHS.list, { signal, query, schema: lomList }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminMlgReports(query: QueryParams) {
  return useQuery({
    queryKey: adminLomKeys.reports(query),
    queryFn: ({ signal }) => apiFetch(ADMIN_MLG_REPORT_PATHS.list, { signal, query, schema: reportList }),
    placeholderData: keepPreviousData,
  });
}

/** Every admin list after a change: a merge or a binding changes the other lists too. */
function useInvalidateAdmin() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminLomKeys.all });
}

export function useAddLomToSource() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, lom }: { id: number; lom: number }) =>
      apiFetch(apiPath(ADMIN_LOM_SOURCE_PATHS.addLom, { id }), {
        method: 'POST',
        body: { lom },
        schema: adminLomSourceItem,
      }),
    onSuccess: invalidate,
  });
}

export function useAddProbableLom() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, lom }: { id: number; lom: number }) =>
      apiFetch(apiPath(ADMIN_LOM_SOURCE_PATHS.addProbableLom, { id }), {
        method: 'POST',
        body: { lom },
        schema: adminLomSourceItem,
      }),
    onSuccess: invalidate,
  });
}

export function useDeactivateSource() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(ADMIN_LOM_SOURCE_PATHS.deactivate, { id }), {
        method: 'PATCH',
        schema: adminLomSourceItem,
      }),
    onSuccess: invalidate,
  });
}

export function useLoadProbableLoms() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: () =>
      apiFetch(ADMIN_LOM_SOURCE_PATHS.loadProbableLoms, { method: 'POST', schema: loadProbableLomsResult }),
    onSuccess: invalidate,
  });
}

export function useMergeLoms() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ target, queryset }: { target: number; queryset: number[] }) =>
      apiFetch(apiPath(ADMIN_LOM_PATHS.merge, { id: target }), {
        method: 'POST',
        body: { queryset },
        schema: adminLomMergeResult,
      }),
    onSuccess: invalidate,
  });
}

export function useDeactivateLoms() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      if (ids.length === 1) {
        const one = await apiFetch(apiPath(ADMIN_LOM_PATHS.deactivate, { id: ids[0] as number }), {
          method: 'PATCH',
          schema: adminLomActiveResult,
        });
        return { ids: [one.id] };
      }
      return apiFetch(ADMIN_LOM_PATHS.deactivateMany, {
        method: 'POST',
        body: { queryset: ids },
        schema: adminLomDeactivateManyResult,
      });
    },
    onSuccess: invalidate,
  });
}

export function useCreateMlgReport() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: { report_id: number; title?: string }) =>
      apiFetch(ADMIN_MLG_REPORT_PATHS.list, { method: 'POST', body, schema: adminMlgReportItem }),
    onSuccess: invalidate,
  });
}

export function useDeleteMlgReports() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: async (reports: { id: number; report_id: number }[]) => {
      if (reports.length === 1) {
        await apiFetch(apiPath(ADMIN_MLG_REPORT_PATHS.detail, { id: (reports[0] as { id: number }).id }), {
          method: 'DELETE',
        });
        return { deleted: 1 };
      }
      return apiFetch(ADMIN_MLG_REPORT_PATHS.massDelete, {
        method: 'DELETE',
        query: { report_id_in: reports.map((r) => r.report_id) },
        schema: adminMlgMassDeleteResult,
      });
    },
    onSuccess: invalidate,
  });
}

export function useLoadMlgReport() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(ADMIN_MLG_REPORT_PATHS.load, { id }), { schema: adminMlgLoadResult }),
    onSuccess: invalidate,
  });
}
