import {
  GENERATED_REPORT_STATUS_LABELS,
  GENERATED_REPORT_TYPE_LABELS,
  type GeneratedReportItem,
  type GeneratedReportType,
} from '@monitoring/contracts';
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  downloadGeneratedReport,
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

/** /reports: generated reports (own, or everyone's with WATCH_LOGS_AND_REPORTS); polls while one is building. */
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
    {
      key: 'type',
      title: 'Тип',
      render: (_, r) => GENERATED_REPORT_TYPE_LABELS[r.report_type as GeneratedReportType] ?? r.report_type,
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
          <Button size="small" disabled={r.status !== 'done'} onClick={() => void downloadGeneratedReport(r)}>
            Скачать
          </Button>
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
