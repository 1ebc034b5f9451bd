import { StarOutlined } from '@ant-design/icons';
import type { InfoReasonItem } from '@monitoring/contracts';
import { Empty, type TableColumnsType, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../api/useCan.ts';
import { formatCount } from '../../lib/format.ts';
import { DataTable } from '../DataTable.tsx';
import { MoodTag } from '../MoodTag.tsx';
import { CompletenessMark } from './CompletenessMark.tsx';
import { InfoReasonArchiveSwitch } from './InfoReasonArchiveSwitch.tsx';
import { InfoReasonFavouriteToggle } from './InfoReasonFavouriteToggle.tsx';
import { TargetTonalitySelect } from './TargetTonalitySelect.tsx';

interface InfoReasonTableProps {
  rows: InfoReasonItem[];
  loading: boolean;
  /** Hide the theme column (the rows of one theme). */
  inTheme?: boolean;
  selected?: number[];
  onSelect?: (ids: number[], rows: InfoReasonItem[]) => void;
  pagination: { page: number; pageSize: number; total: number; onPage: (page: number) => void };
  emptyText: string;
  size?: 'small' | 'middle';
}

/** Info reasons with their target tonality, actual mood, completeness, archive flag and star. */
export function InfoReasonTable({
  rows,
  loading,
  inTheme = false,
  selected,
  onSelect,
  pagination,
  emptyText,
  size = 'middle',
}: InfoReasonTableProps) {
  const can = useCan();
  const columns: TableColumnsType<InfoReasonItem> = [
    ...(can('ADD_INFO_REASON_TO_FAVORITE')
      ? [
          {
            key: 'is_favorite',
            title: <StarOutlined aria-label="Избранное" />,
            width: 56,
            render: (_: unknown, row: InfoReasonItem) => <InfoReasonFavouriteToggle item={row} />,
          },
        ]
      : []),
    {
      key: 'name',
      title: 'Инфоповод',
      render: (_, row) => <Link to={`/info-reason/${row.id}`}>{row.name}</Link>,
    },
    ...(inTheme
      ? []
      : [
          {
            key: 'theme',
            title: 'Тема',
            render: (_: unknown, row: InfoReasonItem) =>
              row.theme ? <Link to={`/theme/${row.theme.id}`}>{row.theme.name}</Link> : 'Без темы',
          },
        ]),
    {
      key: 'message_count',
      title: 'Сообщения',
      align: 'right',
      width: 110,
      render: (_, row) => formatCount(row.message_count),
    },
    {
      key: 'target_tonality',
      title: 'Целевая тональность',
      width: 200,
      render: (_, row) => <TargetTonalitySelect item={row} />,
    },
    {
      key: 'actual_mood',
      title: <Tooltip title="Преобладающая тональность проверенных сообщений">Фактическая</Tooltip>,
      width: 150,
      render: (_, row) => <MoodTag mood={row.actual_mood} />,
    },
    {
      key: 'complete',
      title: 'Достигнута',
      align: 'center',
      width: 110,
      render: (_, row) => <CompletenessMark complete={row.complete} />,
    },
    {
      key: 'archived',
      title: 'Архив',
      align: 'center',
      width: 80,
      render: (_, row) => <InfoReasonArchiveSwitch item={row} />,
    },
  ];
  return (
    <DataTable<InfoReasonItem>
      className="info-reasons-table"
      rowKey="id"
      size={size}
      columns={columns}
      rows={rows}
      loading={loading}
      scroll={{ x: 900 }}
      rowSelection={
        onSelect
          ? {
              selectedRowKeys: selected ?? [],
              preserveSelectedRowKeys: true,
              onChange: (keys, selectedRows) => onSelect(keys.map(Number), selectedRows),
            }
          : undefined
      }
      empty={<Empty description={emptyText} />}
      paging={pagination}
    />
  );
}
