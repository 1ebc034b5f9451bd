import './reports.css';
import {
  GENERATED_REPORT_SOURCE_LABELS,
  GENERATED_REPORT_STATUS_LABELS,
  GENERATED_REPORT_TYPE_LABELS,
  type GeneratedReportItem,
} from '@monitoring/contracts';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  downloadGeneratedReport,
  repeatDownload,
  useDeleteGeneratedReport,
  useGeneratedReports,
} from '../../api/generated-reports.ts';
import { formatDateTime, formatMegabytes } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const PAGE_SIZE = 25;
const STATUS_COLORS = { building: 'processing', done: 'success', failed: 'error' } as const;

/**
 * /reports: the files a user made — dashboard reports kept by the server, and every Excel or Word file downloaded
 * elsewhere (messages, quotes, loms, the log), with where from, the filter, who and when (own, or everyone's with
 * WATCH_LOGS_AND_REPORTS); polls while one is building.
 */
export function ReportsPage() {
  usePageTitle(PAGE_TITLES.reports);
  const [page, setPage] = useState(1);
  const list = useGeneratedReports({ page, page_size: PAGE_SIZE });
  const remove = useDeleteGeneratedReport();
  const { modal } = useFeedback();

  const confirmDelete = (report: GeneratedReportItem) =>
    modal.confirm({
      title: `Удалить отчёт «${report.name}»?`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: () => remove.mutateAsync(report.id),
    });

  const columns: ColumnsType<GeneratedReportItem> = [
    { key: 'name', title: 'Название', dataIndex: 'name' },
    { key: 'source', title: 'Откуда', render: (_, r) => GENERATED_REPORT_SOURCE_LABELS[r.source] },
    {
      key: 'type',
      title: 'Тип',
      render: (_, r) => GENERATED_REPORT_TYPE_LABELS[r.report_type] ?? r.report_type,
    },
    {
      key: 'filters',
      title: 'Фильтр',
      render: (_, r) =>
        r.filters.length === 0 ? (
          '—'
        ) : (
          <ul className="reports-page__filters">
            {r.filters.map((line) => (
              <li key={`${line.label}:${line.value}`}>
                <span className="muted">{line.label}:</span> {line.value}
              </li>
            ))}
          </ul>
        ),
    },
    { key: 'author', title: 'Автор', render: (_, r) => r.author.username },
    { key: 'created', title: 'Создан', render: (_, r) => formatDateTime(r.created_at) },
    { key: 'size', title: 'Размер', render: (_, r) => (r.size === null ? '—' : formatMegabytes(r.size)) },
    {
      key: 'status',
      title: 'Статус',
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{GENERATED_REPORT_STATUS_LABELS[r.status]}</Tag>,
    },
    {
      key: 'actions',
      title: '',
      render: (_, r) => (
        <Space>
          {r.file_kept ? (
            <Button
              size="small"
              disabled={r.status !== 'done'}
              onClick={() => void downloadGeneratedReport(r)}
            >
              Скачать
            </Button>
          ) : r.repeat ? (
            <Tooltip title="Файл не хранится: он будет сформирован заново по тому же фильтру, с сегодняшними данными">
              <Button size="small" onClick={() => void repeatDownload(r)}>
                Скачать заново
              </Button>
            </Tooltip>
          ) : null}
          <Button size="small" danger onClick={() => confirmDelete(r)}>
            Удалить
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeading>{PAGE_TITLES.reports}</PageHeading>
      <DataTable<GeneratedReportItem>
        rowKey="id"
        columns={columns}
        rows={list.data?.results}
        loading={list.isFetching && !list.data}
        empty="Отчётов пока нет"
        paging={{ page, pageSize: PAGE_SIZE, total: list.data?.elements_count ?? 0, onPage: setPage }}
      />
    </div>
  );
}
