import { listEnvelope, type QueryParams, USER_ACTION_PATHS, userActionItem } from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { apiDownload, saveFile } from './download.ts';

const userActionsResponse = listEnvelope(userActionItem);

export const logKeys = {
  all: ['user-actions'] as const,
  list: (query: QueryParams) => [...logKeys.all, 'list', query] as const,
};

/** GET user-actions/: a page of the action log (docs/logs.md). */
export function useUserActions(query: QueryParams) {
  return useQuery({
    queryKey: logKeys.list(query),
    queryFn: ({ signal }) => apiFetch(USER_ACTION_PATHS.list, { signal, query, schema: userActionsResponse }),
    placeholderData: keepPreviousData,
  });
}

/** GET user-actions/get_report/: the filtered log as Excel, saved as a download. */
export function useUserActionsReport() {
  return useMutation({
    mutationFn: async (query: QueryParams) =>
      saveFile(await apiDownload(USER_ACTION_PATHS.report, 'Журнал действий.xlsx', { query })),
  });
}
