import {
  apiPath,
  LOM_GROUP_PATHS,
  LOM_REPORT_PATHS,
  type LomOrdering,
  listEnvelope,
  lomGroupItem,
  lomGroupLomsChange,
  lomGroupMember,
  type QueryParams,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, isAbortError } from './api-error.ts';
import { apiFetch, errorFromResponse } from './client.ts';
import {
  apiDownload,
  type DownloadedFile,
  type DownloadOptions,
  filenameFromDisposition,
} from './download.ts';
import { reportApiError } from './error-reporting.ts';
import { getToken } from './token.ts';

/** Lom groups (api.md §7.10 mlg-reports/, §7.9 create_or_update_loms_group/) and the lom reports. */

const groupListResponse = listEnvelope(lomGroupItem);
const memberListResponse = listEnvelope(lomGroupMember);
export type LomGroupListResponse = ReturnType<typeof groupListResponse.parse>;

export interface LomGroupListParams {
  search?: string;
  /** Only public (true) or only private (false) groups. */
  public?: boolean;
  mine?: boolean;
  page?: number;
  page_size?: number;
}

export const lomGroupKeys = {
  all: ['lom-groups'] as const,
  lists: () => [...lomGroupKeys.all, 'list'] as const,
  list: (params: LomGroupListParams) => [...lomGroupKeys.lists(), params] as const,
  members: (id: number, params: QueryParams) => [...lomGroupKeys.all, 'members', id, params] as const,
};

export function useLomGroups(params: LomGroupListParams, enabled = true) {
  return useQuery({
    queryKey: lomGroupKeys.list(params),
    queryFn: ({ signal }) =>
      apiFetch(LOM_GROUP_PATHS.list, { signal, query: { ...params }, schema: groupListResponse }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLomGroupMembers(
  id: number,
  params: { search?: string; page?: number; page_size?: number },
) {
  return useQuery({
    queryKey: lomGroupKeys.members(id, params),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_GROUP_PATHS.loms, { id }), { signal, query: params, schema: memberListResponse }),
    placeholderData: keepPreviousData,
  });
}

/** The form fields of create_or_update_loms_group/: lists comma-joined, booleans as 'true' / 'false'. */
function groupForm(fields: Record<string, string | number | boolean | readonly number[] | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return form;
}

export interface CreateGroupVariables {
  title: string;
  isPublic: boolean;
  loms: readonly number[];
}

export interface UpdateGroupVariables {
  id: number;
  title?: string;
  isPublic?: boolean;
}

function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: lomGroupKeys.all });
}

export function useCreateLomGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: ({ title, isPublic, loms }: CreateGroupVariables) =>
      apiFetch(LOM_GROUP_PATHS.createOrUpdate, {
        method: 'POST',
        body: groupForm({ group_name: title, public: isPublic, loms }),
        schema: lomGroupItem,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateLomGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: ({ id, title, isPublic }: UpdateGroupVariables) =>
      apiFetch(LOM_GROUP_PATHS.createOrUpdate, {
        method: 'PATCH',
        body: groupForm({ group_id: id, group_name: title, public: isPublic }),
        schema: lomGroupItem,
      }),
    onSuccess: invalidate,
  });
}

export function useChangeGroupLoms() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: ({ id, loms, remove }: { id: number; loms: readonly number[]; remove?: boolean }) =>
      apiFetch(apiPath(LOM_GROUP_PATHS.loms, { id }), {
        method: remove ? 'DELETE' : 'POST',
        body: { loms },
        schema: lomGroupLomsChange,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteLomGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: number) => apiFetch(apiPath(LOM_GROUP_PATHS.detail, { id }), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** The period and order of a lom report, as the /loms list filter holds them. */
export interface LomReportPeriod {
  wrote_at_after?: string;
  wrote_at_before?: string;
  ordering?: LomOrdering;
}

async function readBody(response: Response, options: DownloadOptions): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  options.onProgress?.({ loaded, total: options.expectedBytes ?? null });
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    options.onProgress?.({ loaded, total: options.expectedBytes ?? null });
  }
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * A report asked for with a JSON body (get_xlsx/, get_rep_from_mlg/): apiDownload for POST,
 * with the same error catalogue and progress.
 */
async function postDownload(
  path: string,
  body: object,
  fallbackName: string,
  options: DownloadOptions,
): Promise<DownloadedFile> {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    if (isAbortError(cause) || options.signal?.aborted) throw cause;
    const error = ApiError.network(cause);
    reportApiError(error);
    throw error;
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    reportApiError(error);
    throw error;
  }
  const blob = await readBody(response, options);
  return {
    blob,
    filename: filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName),
  };
}

export function downloadChosenLoms(
  loms: readonly number[],
  period: LomReportPeriod,
  options: DownloadOptions,
) {
  return postDownload(LOM_REPORT_PATHS.chosen, { ...period, loms }, 'loms.xlsx', options);
}

export function downloadGroupReport(groupId: number, period: LomReportPeriod, options: DownloadOptions) {
  return postDownload(LOM_REPORT_PATHS.group, { ...period, group_id: groupId }, 'lom-group.xlsx', options);
}

/** The /loms filter as it is (paging dropped by the server). */
export function downloadFilteredLoms(filter: QueryParams, options: DownloadOptions) {
  return apiDownload(LOM_REPORT_PATHS.filtered, 'loms-filtered.xlsx', { ...options, query: filter });
}
