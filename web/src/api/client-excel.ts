import {
  apiPath,
  CLIENT_EXCEL_PATHS,
  CLIENT_EXCEL_TEMPLATE_NAME,
  type ClientExcelUpload,
  clientExcelUpload,
  listEnvelope,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { apiDownload, type DownloadedFile } from './download.ts';

// The client Excel import of loms (api.md §7.4, docs/client-excel.md): the upload,
// its history with the two result files, the template and the deletion.

/** The multipart field the server reads the file from. */
export const CLIENT_EXCEL_FILE_FIELD = 'file';
export const CLIENT_EXCEL_HISTORY_PAGE_SIZE = 10;

export interface ClientExcelOptions {
  /** Create a lom for an address that no lom has. */
  force_create_lom: boolean;
  /** Overwrite the fields of a found lom with the file's cells (needs EDIT_LOM). */
  update_flag: boolean;
}

export type ClientExcelLogFormat = 'xlsx' | 'csv';

const historyResponse = listEnvelope(clientExcelUpload);

export const clientExcelKeys = {
  all: ['client-excel'] as const,
  history: (page: number, pageSize: number) => [...clientExcelKeys.all, 'history', page, pageSize] as const,
};

/** Sends one file; answers the upload as the history lists it (201). A bad file is a 400 with the reason. */
export function uploadClientExcel(
  file: Blob & { name: string },
  options: ClientExcelOptions,
  signal?: AbortSignal,
): Promise<ClientExcelUpload> {
  const body = new FormData();
  body.append(CLIENT_EXCEL_FILE_FIELD, file, file.name);
  return apiFetch(CLIENT_EXCEL_PATHS.uploads, {
    method: 'POST',
    query: { force_create_lom: options.force_create_lom, update_flag: options.update_flag },
    body,
    signal,
    schema: clientExcelUpload,
  });
}

export function useClientExcelHistory(
  page: number,
  pageSize = CLIENT_EXCEL_HISTORY_PAGE_SIZE,
  enabled = true,
) {
  return useQuery({
    queryKey: clientExcelKeys.history(page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(CLIENT_EXCEL_PATHS.uploads, {
        signal,
        query: { page, page_size: pageSize },
        schema: historyResponse,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The upload; afterwards the history reloads (a failed file wrote nothing, so only success needs it). */
export function useUploadClientExcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: Blob & { name: string }; options: ClientExcelOptions }) =>
      uploadClientExcel(file, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientExcelKeys.all }),
  });
}

export function deleteClientExcelUpload(reportId: number): Promise<unknown> {
  return apiFetch(apiPath(CLIENT_EXCEL_PATHS.uploadReport, { id: reportId }), {
    method: 'DELETE',
    expectStatus: 204,
    unexpectedStatusMessage: 'Загрузка не удалена',
  });
}

/** «Удалить» of the history: the upload with its files; the history reloads either way. */
export function useDeleteClientExcelUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientExcelUpload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientExcelKeys.all }),
  });
}

export function downloadClientExcelTemplate(): Promise<DownloadedFile> {
  return apiDownload(CLIENT_EXCEL_PATHS.template, CLIENT_EXCEL_TEMPLATE_NAME);
}

/** reportFile: the medialogy report of an upload (xlsx). */
export function downloadClientExcelReport(upload: Pick<ClientExcelUpload, 'id' | 'reportFile'>) {
  return apiDownload(
    apiPath(CLIENT_EXCEL_PATHS.report, { id: upload.id }),
    upload.reportFile ?? `medialogy_report_${upload.id}.xlsx`,
  );
}

/** logsFile: the row log of an upload, as xlsx or as CSV. */
export function downloadClientExcelLog(
  upload: Pick<ClientExcelUpload, 'id' | 'logsFile'>,
  format: ClientExcelLogFormat = 'xlsx',
) {
  const name = upload.logsFile ?? `upload_log_${upload.id}.xlsx`;
  return apiDownload(
    apiPath(CLIENT_EXCEL_PATHS.logs, { id: upload.id }),
    format === 'csv' ? name.replace(/\.xlsx$/i, '.csv') : name,
    {
      query: { file_format: format },
    },
  );
}
