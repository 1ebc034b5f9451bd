import type { AdminInfoReasonItem } from '@monitoring/contracts';
import { Button, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { DataTable, type DataTablePaging } from '../../../ui/DataTable.tsx';
import { StatusTags } from '../shared/StatusTags.tsx';

interface AdminInfoReasonsTableProps {
  rows: readonly AdminInfoReasonItem[] | undefined;
  loading: boolean;
  paging: DataTablePaging;
  selected: number[];
  onSelect: (rows: AdminInfoReasonItem[]) => void;
  onSetTheme: (row: AdminInfoReasonItem) => void;
  onArchive: (row: AdminInfoReasonItem) => void;
  onToggleActive: (row: AdminInfoReasonItem) => void;
}

/** The info reasons of /admin-panel/info-reasons with their theme, counts and a row's own actions. */
export function AdminInfoReasonsTable(props: AdminInfoReasonsTableProps) {
  const columns: TableColumnsType<AdminInfoReasonItem> = [
    {
      key: 'name',
      title: 'Инфоповод',
      render: (_, row) => <Link to={`/info-reason/${row.id}`}>{row.name}</Link>,
    },
    {
      key: 'theme',
      title: 'Тема',
      render: (_, row) =>
        row.theme ? (
          <Link to={`/theme/${row.theme.id}`}>{row.theme.name}</Link>
        ) : (
          <span className="admin-dirs__muted">Без темы</span>
        ),
    },
    {
      key: 'messages',
      title: 'Сообщений',
      align: 'right',
      render: (_, row) => formatCount(row.message_count),
    },
    { key: 'status', title: 'Состояние', render: (_, row) => <StatusTags {...row} /> },
    { key: 'created', title: 'Создан', render: (_, row) => formatDate(row.created_at) },
    {
      key: 'actions',
      title: 'Действия',
      render: (_, row) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => props.onSetTheme(row)}>
            Тема…
          </Button>
          <Button size="small" onClick={() => props.onArchive(row)}>
            {row.archived ? 'Из архива' : 'В архив'}
          </Button>
          <Button size="small" danger={row.active} onClick={() => props.onToggleActive(row)}>
            {row.active ? 'Деактивировать' : 'Активировать'}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <DataTable<AdminInfoReasonItem>
      rowKey="id"
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      paging={props.paging}
      empty="Инфоповоды не найдены"
      rowSelection={{
        selectedRowKeys: props.selected,
        preserveSelectedRowKeys: true,
        onChange: (_keys, rows) => props.onSelect(rows),
      }}
    />
  );
}
