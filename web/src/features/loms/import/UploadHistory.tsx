import type { ClientExcelUpload } from '@monitoring/contracts';
import { Alert, Button, Empty, Popconfirm, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../../../api/auth.ts';
import {
  CLIENT_EXCEL_HISTORY_PAGE_SIZE,
  useClientExcelHistory,
  useDeleteClientExcelUpload,
} from '../../../api/client-excel.ts';
import { useCan } from '../../../api/useCan.ts';
import { formatDateTime, formatExact } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { useFeedback } from '../../../ui/feedback.ts';
import { TEXTS, UPLOAD_STATUS_LABELS } from './texts.ts';
import { UploadFiles } from './UploadFiles.tsx';
import type { useFileDownload } from './useFileDownload.ts';

interface UploadHistoryProps {
  downloads: ReturnType<typeof useFileDownload>;
}

function StatusTag({ status }: { status: string }) {
  const known = UPLOAD_STATUS_LABELS[status];
  return <Tag color={known?.color}>{known?.label ?? status}</Tag>;
}

const count = (value: number) => formatExact(value);

/** The options the file was sent with, in words. */
function optionsText(upload: ClientExcelUpload): string {
  const options = [
    upload.force_create_lom ? TEXTS.optionCreate : null,
    upload.update_flag ? TEXTS.optionUpdate : null,
  ].filter(Boolean);
  return options.length > 0 ? `${TEXTS.options}: ${options.join(', ')}` : TEXTS.noOptions;
}

/** The upload history, newest first, a page at a time: who, when, the counts, the files, «Удалить». */
export function UploadHistory({ downloads }: UploadHistoryProps) {
  const { message } = useFeedback();
  const can = useCan();
  const me = useCurrentUser().data;
  const [page, setPage] = useState(1);
  const history = useClientExcelHistory(page);
  const remove = useDeleteClientExcelUpload();

  const mayDelete = (upload: ClientExcelUpload) =>
    can('CREATE_LOM') &&
    upload.upload_report_id !== null &&
    (upload.user?.id === me?.id || can('SUPER_EDITOR_STATUS'));

  const confirmDelete = (upload: ClientExcelUpload) => {
    if (upload.upload_report_id === null) return;
    remove.mutate(upload.upload_report_id, {
      onSuccess: () => {
        message.success(TEXTS.removed);
        // The last row of the last page went: step back so the table is not left empty.
        if (page > 1 && history.data?.results.length === 1) setPage(page - 1);
      },
    });
  };

  const removeButton = (row: ClientExcelUpload) =>
    mayDelete(row) ? (
      <Popconfirm
        title={TEXTS.removeConfirm}
        description={TEXTS.removeConfirmText}
        okText={TEXTS.remove}
        okButtonProps={{ danger: true }}
        cancelText={TEXTS.cancel}
        onConfirm={() => confirmDelete(row)}
      >
        <Button
          size="small"
          danger
          aria-label={TEXTS.removeLabel(row.file_name)}
          loading={remove.isPending && remove.variables === row.upload_report_id}
        >
          {TEXTS.remove}
        </Button>
      </Popconfirm>
    ) : (
      <Tooltip title={TEXTS.removeForbidden}>
        <Button size="small" danger disabled aria-label={TEXTS.removeLabel(row.file_name)}>
          {TEXTS.remove}
        </Button>
      </Tooltip>
    );

  const columns: TableColumnsType<ClientExcelUpload> = [
    {
      key: 'file',
      title: TEXTS.file,
      render: (_, row) => (
        <div className="lom-import__file">
          <span>{row.file_name}</span>
          <span className="muted">{optionsText(row)}</span>
        </div>
      ),
    },
    { key: 'author', title: TEXTS.author, render: (_, row) => row.user?.username ?? TEXTS.unknownAuthor },
    { key: 'date', title: TEXTS.date, render: (_, row) => formatDateTime(row.created_at) },
    { key: 'status', title: TEXTS.status, render: (_, row) => <StatusTag status={row.status} /> },
    { key: 'rows', title: TEXTS.rowsTotal, align: 'right', render: (_, row) => count(row.rows_total) },
    { key: 'created', title: TEXTS.created, align: 'right', render: (_, row) => count(row.loms_created) },
    { key: 'updated', title: TEXTS.updated, align: 'right', render: (_, row) => count(row.loms_updated) },
    { key: 'matched', title: TEXTS.matched, align: 'right', render: (_, row) => count(row.rows_matched) },
    { key: 'errors', title: TEXTS.errors, align: 'right', render: (_, row) => count(row.errors_count) },
    {
      key: 'files',
      title: TEXTS.actions,
      render: (_, row) => (
        <div className="lom-import__actions">
          <UploadFiles upload={row} downloads={downloads} />
          {removeButton(row)}
        </div>
      ),
    },
  ];

  if (history.isError && !history.data) {
    return <Alert type="error" showIcon title={TEXTS.historyError} description={history.error.message} />;
  }
  return (
    <DataTable<ClientExcelUpload>
      className="lom-import__history"
      size="small"
      rowKey="id"
      columns={columns}
      rows={history.data?.results ?? []}
      loading={history.isPending || history.isPlaceholderData}
      scroll={{ x: 'max-content' }}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXTS.historyEmpty} />}
      paging={{
        page: page,
        pageSize: CLIENT_EXCEL_HISTORY_PAGE_SIZE,
        total: history.data?.elements_count ?? 0,
        onPage: setPage,
      }}
    />
  );
}
