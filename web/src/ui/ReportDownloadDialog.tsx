import type { QueryParams, ReportEstimation } from '@monitoring/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../api/api-error.ts';
import type { DownloadProgress } from '../api/download.ts';
import { saveFile } from '../api/download.ts';
import { downloadReport, estimateReport, type ReportKind, type ReportPaths } from '../api/reports.ts';
import { formatExact, formatMegabytes } from '../lib/format.ts';
import { useFeedback } from './feedback.ts';

export interface ReportRequest {
  kind: ReportKind;
  title: string;
  query: QueryParams;
  /** File name when the server sends none. */
  fallbackName: string;
  /** Paths other than the kind's (a dashboard's get-report/ and get-report-estimation/). */
  paths?: ReportPaths;
}

function estimationText(estimation: ReportEstimation): string {
  const size = `≈ ${formatMegabytes(estimation.expected_size_bytes)}`;
  const count = `${formatExact(estimation.messages_number)} сообщений`;
  if (estimation.included_number < estimation.messages_number) {
    return `${count}, в отчёт войдут ${formatExact(estimation.included_number)}, ${size}`;
  }
  return `${count}, ${size}`;
}

function percent(progress: DownloadProgress | null): number | undefined {
  if (!progress?.total) return undefined;
  return Math.min(99, Math.round((progress.loaded * 100) / progress.total));
}

/**
 * Estimation first ('N сообщений, ≈ X МБ'), then the download with a progress bar:
 * fetch → blob → a download link. Closing the dialog cancels the download.
 */
export function ReportDownloadDialog({
  request,
  onClose,
}: {
  request: ReportRequest | null;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [downloading, setDownloading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const estimation = useQuery({
    queryKey: ['report-estimation', request?.kind, request?.paths?.estimation, request?.query],
    queryFn: ({ signal }) =>
      estimateReport(request?.kind ?? 'xlsx', request?.query ?? {}, signal, request?.paths),
    enabled: request !== null,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => () => controller.current?.abort(), []);

  const close = () => {
    controller.current?.abort();
    controller.current = null;
    setDownloading(false);
    setProgress(null);
    onClose();
  };

  const download = async () => {
    if (!request) return;
    const abort = new AbortController();
    controller.current = abort;
    setDownloading(true);
    const hide = message.loading('Формируем отчёт…', 0);
    try {
      const file = await downloadReport(
        request.kind,
        request.query,
        request.fallbackName,
        {
          signal: abort.signal,
          expectedBytes: estimation.data?.expected_size_bytes,
          onProgress: setProgress,
        },
        request.paths,
      );
      saveFile(file);
      message.success(`Отчёт готов: ${file.filename}`);
      close();
    } catch (error) {
      // A cancelled download needs no word; other failures were notified by the client.
      if (!isAbortError(error)) setDownloading(false);
    } finally {
      hide();
    }
  };

  const data = estimation.data;
  return (
    <Modal
      open={request !== null}
      title={request?.title}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {downloading ? 'Отменить' : 'Закрыть'}
        </Button>,
        <Button
          key="download"
          type="primary"
          loading={downloading}
          disabled={!data || data.exceeds_limit || data.messages_number === 0}
          onClick={download}
        >
          Скачать
        </Button>,
      ]}
    >
      {estimation.isPending ? <Skeleton active paragraph={{ rows: 1 }} title={false} /> : null}
      {estimation.isError ? <Alert type="error" showIcon title="Не удалось оценить отчёт" /> : null}
      {data ? <p className="report-estimation">{estimationText(data)}</p> : null}
      {data?.exceeds_limit ? (
        <Alert
          type="warning"
          showIcon
          title={`Слишком много сообщений: не более ${formatExact(data.max_messages)}. Сузьте период или фильтры.`}
        />
      ) : null}
      {data?.messages_number === 0 ? <Alert type="info" showIcon title="По фильтру нет сообщений" /> : null}
      {downloading ? (
        <Progress
          percent={percent(progress)}
          status="active"
          format={() => (progress ? formatMegabytes(progress.loaded) : '')}
          aria-label="Загрузка отчёта"
        />
      ) : null}
    </Modal>
  );
}
