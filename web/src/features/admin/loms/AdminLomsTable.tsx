import type { AdminLomItem } from '@monitoring/contracts';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { DataTable, type DataTablePaging } from '../../../ui/DataTable.tsx';

interface AdminLomsTableProps {
  rows: AdminLomItem[] | undefined;
  loading: boolean;
  paging: DataTablePaging;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onMergeInto: (row: AdminLomItem) => void;
  onDeactivate: (row: AdminLomItem) => void;
}

/** Loms for merging and deactivation: name, counts, status. */
export function AdminLomsTable(props: AdminLomsTableProps) {
  const columns: TableColumnsType<AdminLomItem> = [
    { key: 'id', title: '№', width: 80, render: (_, row) => row.id },
    {
      key: 'name',
      title: 'ЛОМ',
      render: (_, row) => (
        <div>
          <Link to={`/loms/${row.id}`}>{row.name}</Link>
          {row.nickname ? <div className="admin-muted">{row.nickname}</div> : null}
        </div>
      ),
    },
    {
      key: 'sources',
      title: 'Аккаунтов',
      width: 110,
      align: 'right',
      render: (_, row) => formatCount(row.sources_count),
    },
    {
      key: 'messages',
      title: 'Сообщений',
      width: 120,
      align: 'right',
      render: (_, row) => formatCount(row.messages_count),
    },
    {
      key: 'subscribers',
      title: 'Подписчики',
      width: 120,
      align: 'right',
      render: (_, row) => formatCount(row.subscribers),
    },
    {
      key: 'status',
      title: 'Статус',
      width: 120,
      render: (_, row) =>
        row.is_active ? (
          <Tag color="green">Активен</Tag>
        ) : (
          <Tag>{row.archived ? 'В архиве' : 'Отключён'}</Tag>
        ),
    },
    {
      key: 'actions',
      title: 'Действия',
      width: 230,
      render: (_, row) =>
        row.is_active ? (
          <Space size="small">
            <Button size="small" onClick={() => props.onMergeInto(row)}>
              Объединить в этот
            </Button>
            <Button size="small" danger onClick={() => props.onDeactivate(row)}>
              Отключить
            </Button>
          </Space>
        ) : null,
    },
  ];
  return (
    <DataTable<AdminLomItem>
      rowKey="id"
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      paging={props.paging}
      empty="ЛОМ по этим условиям нет"
      rowSelection={{
        selectedRowKeys: props.selected,
        onChange: (keys) => props.onSelect(keys.map(Number)),
        getCheckboxProps: (row) => ({ disabled: !row.is_active }),
      }}
    />
  );
}
