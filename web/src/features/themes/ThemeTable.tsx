import { StarOutlined } from '@ant-design/icons';
import {
  moodTableCounts,
  THEME_LIST_PAGE_SIZE,
  type ThemeListItem,
  type ThemeListSortField,
} from '@monitoring/contracts';
import { Empty, type TableColumnsType, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ThemeListResponse } from '../../api/themes.ts';
import { useCan } from '../../api/useCan.ts';
import { formatCount } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { MoodBar } from '../../ui/MoodBar.tsx';
import { ThemeFavouriteToggle } from './ThemeFavouriteToggle.tsx';
import { ThemeFlags } from './ThemeFlags.tsx';
import { formatMedian, formatPercentage, THEME_GROUP_COLUMNS } from './theme-columns.ts';
import { columnSortOrder, orderingFor } from './themes-url.ts';

interface ThemeTableProps {
  data: ThemeListResponse | undefined;
  loading: boolean;
  ordering: string;
  page: number;
  onOrdering: (ordering: string) => void;
  onPage: (page: number) => void;
  selected: number[];
  onSelect: ((ids: number[]) => void) | null;
  /** A row's details below it (the info reasons of /themes/info-reasons). */
  expandedRow?: (row: ThemeListItem) => ReactNode;
  /** Columns after the name (the AI list's actions). */
  actions?: (row: ThemeListItem) => ReactNode;
  emptyText: string;
}

function metric(
  field: ThemeListSortField,
  title: string,
  ordering: string,
  value: (row: ThemeListItem) => number,
): TableColumnsType<ThemeListItem>[number] {
  return {
    key: field,
    title,
    align: 'right',
    width: 140,
    sorter: true,
    sortDirections: ['descend', 'ascend'],
    sortOrder: columnSortOrder(ordering, field),
    render: (_: unknown, row: ThemeListItem) => formatCount(value(row)),
  };
}

/** The themes table (product.md §3 "Theme and info-reason list rows"): 25 a page, sorted on the server. */
export function ThemeTable({
  data,
  loading,
  ordering,
  page,
  onOrdering,
  onPage,
  selected,
  onSelect,
  expandedRow,
  actions,
  emptyText,
}: ThemeTableProps) {
  const can = useCan();
  const columns: TableColumnsType<ThemeListItem> = [
    ...(can('ADD_THEME_TO_FAVORITE')
      ? [
          {
            key: 'is_favorite',
            title: <StarOutlined aria-label="Избранное" />,
            width: 56,
            fixed: 'left' as const,
            sorter: true,
            sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
            sortOrder: columnSortOrder(ordering, 'is_favorite'),
            render: (_: unknown, row: ThemeListItem) => (
              <ThemeFavouriteToggle id={row.id} name={row.name} isFavorite={row.is_favorite} />
            ),
          },
        ]
      : []),
    {
      key: 'name',
      title: 'Тема',
      width: 280,
      fixed: 'left',
      sorter: true,
      sortDirections: ['ascend', 'descend'],
      sortOrder: columnSortOrder(ordering, 'name'),
      render: (_, row) => (
        <div className="themes-table__name">
          <Link to={`/theme/${row.id}`}>{row.name}</Link>
          <ThemeFlags theme={row} />
        </div>
      ),
    },
    ...(actions
      ? [
          {
            key: 'actions',
            title: 'Действия',
            width: 220,
            render: (_: unknown, row: ThemeListItem) => actions(row),
          },
        ]
      : []),
    metric('subscribers', 'Подписчики', ordering, (row) => row.subscribers),
    metric('total_si', 'SI', ordering, (row) => row.total_si),
    metric('lom_count', 'ЛОМ', ordering, (row) => row.lom_count),
    metric('total_views', 'Просмотры', ordering, (row) => row.total_views),
    metric('message_number', 'Сообщения', ordering, (row) => row.message_number),
    metric('approved_message_number', 'Проверено', ordering, (row) => row.approved_message_number),
    {
      key: 'mood',
      title: 'Тональность',
      width: 160,
      render: (_, row) => (
        <MoodBar counts={moodTableCounts(row.mood_table)} label={`Тональность сообщений темы ${row.name}`} />
      ),
    },
    {
      key: 'initial_lom',
      title: 'Первый ЛОМ',
      width: 180,
      render: (_, row) =>
        row.initial_lom ? <Link to={`/loms/${row.initial_lom.id}`}>{row.initial_lom.name}</Link> : '—',
    },
    ...THEME_GROUP_COLUMNS.map((group) => ({
      key: group.key,
      title: <Tooltip title={`${group.hint}: медиана SI и доля сообщений темы`}>{group.title}</Tooltip>,
      width: 130,
      align: 'right' as const,
      render: (_: unknown, row: ThemeListItem) => (
        <div className="themes-table__group">
          <span>{formatMedian(row[group.key])}</span>
          <span className="themes-table__percent">{formatPercentage(row[group.key])}</span>
        </div>
      ),
    })),
  ];

  return (
    <DataTable<ThemeListItem>
      className="themes-table"
      rowKey="id"
      size="middle"
      columns={columns}
      rows={data?.results ?? []}
      loading={loading}
      scroll={{ x: 1900 }}
      sticky
      columnChooser={{ table: 'themes' }}
      rowSelection={
        onSelect
          ? {
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => onSelect(keys.map(Number)),
            }
          : undefined
      }
      expandable={
        expandedRow
          ? {
              expandedRowRender: expandedRow,
              rowExpandable: (row) => row.has_info_reasons,
            }
          : undefined
      }
      empty={<Empty description={emptyText} />}
      paging={{
        page: page,
        pageSize: THEME_LIST_PAGE_SIZE,
        total: data?.elements_count ?? 0,
        onPage,
        withTotal: true,
      }}
      onSort={(key, order) => onOrdering(orderingFor(key as ThemeListSortField | undefined, order))}
    />
  );
}
