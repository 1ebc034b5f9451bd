import type { ClientExcelUpload } from '@monitoring/contracts';
import { Button, Space } from 'antd';
import { downloadClientExcelLog, downloadClientExcelReport } from '../../../api/client-excel.ts';
import { TEXTS } from './texts.ts';
import type { useFileDownload } from './useFileDownload.ts';

interface UploadFilesProps {
  upload: ClientExcelUpload;
  downloads: ReturnType<typeof useFileDownload>;
}

/** «Отчёт» (reportFile, the medialogy report), «Лог» (logsFile) and the log as CSV, for one upload. */
export function UploadFiles({ upload, downloads }: UploadFilesProps) {
  const key = (which: string) => `${upload.id}:${which}`;
  return (
    <Space size={4} wrap>
      <Button
        size="small"
        aria-label={TEXTS.reportLabel(upload.file_name)}
        title={upload.reportFile ?? undefined}
        disabled={!upload.reportFile || downloads.pending !== null}
        loading={downloads.pending === key('report')}
        onClick={() => downloads.run(key('report'), () => downloadClientExcelReport(upload))}
      >
        {TEXTS.report}
      </Button>
      <Button
        size="small"
        aria-label={TEXTS.logLabel(upload.file_name)}
        title={upload.logsFile ?? undefined}
        disabled={!upload.logsFile || downloads.pending !== null}
        loading={downloads.pending === key('log')}
        onClick={() => downloads.run(key('log'), () => downloadClientExcelLog(upload, 'xlsx'))}
      >
        {TEXTS.log}
      </Button>
      <Button
        size="small"
        type="text"
        aria-label={TEXTS.logCsvLabel(upload.file_name)}
        disabled={!upload.logsFile || downloads.pending !== null}
        loading={downloads.pending === key('csv')}
        onClick={() => downloads.run(key('csv'), () => downloadClientExcelLog(upload, 'csv'))}
      >
        {TEXTS.logCsv}
      </Button>
    </Space>
  );
}
