import {
  DASHBOARD_LIST_TONALITIES,
  type DashboardListType,
  type DashboardLomItem,
  type ListEnvelope,
} from '@monitoring/contracts';
import { Avatar, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { MoodBar } from '../../ui/MoodBar.tsx';
import { MoodIcon } from '../../ui/MoodIcon.tsx';

interface DashboardLomTableProps {
  label: string;
  data: ListEnvelope<DashboardLomItem> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  emptyText: string;
  /** Extra columns (the management page's list and actions). */
  extraColumns?: TableColumnsType<DashboardLomItem>;
  compact?: boolean;
  /** A list of one tonality: every row shows that tonality's face, not its own largest mood. */
  tonality?: DashboardListType;
  rowSelection?: TableProps<DashboardLomItem>['rowSelection'];
  footer?: ReactNode;
}

/** Loms with the period stats of a dashboard's messages: mood face, name and mood bar, counts. */
export function DashboardLomTable({
  label,
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  emptyText,
  extraColumns = [],
  compact = false,
  tonality,
  rowSelection,
}: DashboardLomTableProps) {
  const listMood = tonality ? DASHBOARD_LIST_TONALITIES[tonality] : undefined;
  const columns: TableColumnsType<DashboardLomItem> = [
    {
      key: 'mood',
      width: 40,
      render: (_, row) => <MoodIcon counts={row.moods} mood={listMood} size={24} />,
    },
    {
      key: 'name',
      title: 'ЛОМ',
      render: (_, row) => (
        <div className="dashboard-lom">
          <Avatar src={row.avatar ?? undefined} alt="" aria-hidden size={28}>
            {row.name.slice(0, 1)}
          </Avatar>
          <div className="dashboard-lom__text">
            <Link to={`/loms/${row.id}`}>{row.name}</Link>
            <MoodBar counts={row.moods} label={`Тональность: ${row.name}`} height={5} />
          </div>
        </div>
      ),
    },
    {
      key: 'message_count',
      title: 'Сообщ.',
      align: 'right',
      render: (_, row) => formatCount(row.message_count),
    },
    { key: 'total_si', title: 'Si', align: 'right', render: (_, row) => formatCount(row.total_si) },
  ];
  if (!compact) {
    columns.push(
      {
        key: 'total_views',
        title: 'Просмотры',
        align: 'right',
        render: (_, row) => formatCount(row.total_views),
      },
      {
        key: 'subscribers',
        title: 'Подписчики',
        align: 'right',
        render: (_, row) => formatCount(row.subscribers),
      },
    );
  }
  columns.push(...extraColumns);
  return (
    <DataTable<DashboardLomItem>
      aria-label={label}
      size="small"
      rowKey="id"
      columns={columns}
      rows={data?.results ?? []}
      loading={loading}
      rowSelection={rowSelection}
      empty={emptyText}
      paging={{ page, pageSize, total: data?.elements_count ?? 0, onPage: onPageChange }}
    />
  );
}
