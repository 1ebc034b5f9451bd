import type { ClientExcelUpload, UploadReportItem } from '@monitoring/contracts';
import type { UploadReportRow, UploadRow } from './queries.ts';

export function presentUpload(row: UploadRow): ClientExcelUpload {
  return {
    id: row.id,
    file_name: row.fileName,
    user: row.username === null ? null : { id: row.userId, username: row.username },
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    status: row.status,
    force_create_lom: row.forceCreateLom,
    update_flag: row.updateFlag,
    rows_total: row.rowsTotal,
    loms_created: row.lomsCreated,
    loms_updated: row.lomsUpdated,
    rows_matched: row.rowsTotal - row.lomsCreated - row.lomsUpdated - row.errorsCount,
    errors_count: row.errorsCount,
    reportFile: row.reportFileName,
    logsFile: row.logsFileName,
    upload_report_id: row.uploadReportId === null ? null : Number(row.uploadReportId),
  };
}

export function presentUploadReport(row: UploadReportRow): UploadReportItem {
  return {
    id: row.id,
    name: row.name,
    excel_upload_id: row.excelUploadId,
    file_name: row.fileName,
    user: row.username === null ? null : { id: row.userId, username: row.username },
    created_at: row.createdAt.toISOString(),
  };
}
