import type { AdminThemeItem } from '@monitoring/contracts';
import { Button, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { DataTable, type DataTablePaging } from '../../../ui/DataTable.tsx';
import { StatusTags } from '../shared/StatusTags.tsx';

interface AdminThemesTableProps {
  rows: readonly AdminThemeItem[] | undefined;
  loading: boolean;
  paging: DataTablePaging;
  selected: number[];
  onSelect: (ids: number[], rows: AdminThemeItem[]) => void;
  onArchive: (row: AdminThemeItem) => void;
  onToggleActive: (row: AdminThemeItem) => void;
}

/** The themes of /admin-panel/themes with their counts and a row's own actions. */
export function AdminThemesTable(props: AdminThemesTableProps) {
  const columns: TableColumnsType<AdminThemeItem> = [
    { key: 'name', title: 'Тема', render: (_, row) => <Link to={`/theme/${row.id}`}>{row.name}</Link> },
    {
      key: 'messages',
      title: 'Сообщений',
      align: 'right',
      render: (_, row) => formatCount(row.message_count),
    },
    {
      key: 'reasons',
      title: 'Инфоповодов',
      align: 'right',
      render: (_, row) => formatCount(row.info_reason_count),
    },
    { key: 'status', title: 'Состояние', render: (_, row) => <StatusTags {...row} feminine /> },
    { key: 'created', title: 'Создана', render: (_, row) => formatDate(row.created_at) },
    {
      key: 'actions',
      title: 'Действия',
      render: (_, row) => (
        <Space size="small">
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
    <DataTable<AdminThemeItem>
      rowKey="id"
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      paging={props.paging}
      empty="Темы не найдены"
      rowSelection={{
        selectedRowKeys: props.selected,
        preserveSelectedRowKeys: true,
        onChange: (keys, rows) => props.onSelect(keys as number[], rows),
      }}
    />
  );
}
