import type { AdminMlgReportItem } from '@monitoring/contracts';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { DataTable, type DataTablePaging } from '../../../ui/DataTable.tsx';

interface MlgReportsTableProps {
  rows: AdminMlgReportItem[] | undefined;
  loading: boolean;
  paging: DataTablePaging;
  selected: number[];
  onSelect: (ids: number[]) => void;
  loadingId: number | null;
  onLoad: (row: AdminMlgReportItem) => void;
  onDelete: (row: AdminMlgReportItem) => void;
}

/** Mlg reports: number, title, accounts and loms, last load, actions. */
export function MlgReportsTable(props: MlgReportsTableProps) {
  const columns: TableColumnsType<AdminMlgReportItem> = [
    { key: 'report_id', title: 'Номер отчёта', width: 140, render: (_, row) => row.report_id },
    {
      key: 'title',
      title: 'Название',
      render: (_, row) => row.title ?? <span className="admin-muted">{row.report_id}</span>,
    },
    {
      key: 'sources',
      title: 'Аккаунтов',
      width: 110,
      align: 'right',
      render: (_, row) => formatCount(row.loms_sources_count),
    },
    { key: 'loms', title: 'ЛОМ', width: 90, align: 'right', render: (_, row) => formatCount(row.loms_count) },
    {
      key: 'processed',
      title: 'Загружен',
      width: 170,
      render: (_, row) =>
        row.last_processed ? formatDateTime(row.last_processed) : <Tag>Не загружался</Tag>,
    },
    {
      key: 'actions',
      title: 'Действия',
      width: 210,
      render: (_, row) => (
        <Space size="small">
          <Button size="small" loading={props.loadingId === row.id} onClick={() => props.onLoad(row)}>
            Загрузить
          </Button>
          <Button size="small" danger onClick={() => props.onDelete(row)}>
            Удалить
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <DataTable<AdminMlgReportItem>
      rowKey="id"
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      paging={props.paging}
      empty="Отчётов МЛГ нет"
      rowSelection={{ selectedRowKeys: props.selected, onChange: (keys) => props.onSelect(keys.map(Number)) }}
    />
  );
}
