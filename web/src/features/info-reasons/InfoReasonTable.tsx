import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { InfoReasonItem } from '@monitoring/contracts';
import { Button, Empty, Switch, Table, type TableColumnsType, Tooltip } from 'antd';
import { Link } from 'react-router';
import {
  useSwitchInfoReasonFavourite,
  useToggleInfoReasonArchive,
  useUpdateTargetTonality,
} from '../../api/info-reasons.ts';
import { useCan } from '../../api/useCan.ts';
import { formatCount } from '../../lib/format.ts';
import { MoodSelect } from '../../ui/MoodSelect.tsx';
import { MoodTag } from '../../ui/MoodTag.tsx';
import { completenessMark } from './info-reason-view.ts';

export function InfoReasonFavouriteToggle({
  item,
}: {
  item: Pick<InfoReasonItem, 'id' | 'name' | 'is_favorite'>;
}) {
  const toggle = useSwitchInfoReasonFavourite();
  const label = item.is_favorite ? 'Убрать инфоповод из избранного' : 'Добавить инфоповод в избранное';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={`${label}: ${item.name}`}
        aria-pressed={item.is_favorite}
        icon={item.is_favorite ? <StarFilled className="themes-table__star" /> : <StarOutlined />}
        onClick={() => toggle.mutate({ id: item.id, isFavorite: !item.is_favorite })}
      />
    </Tooltip>
  );
}

/** The target tonality: set at once, put back unless the server answers 200 (product.md §4). */
export function TargetTonalitySelect({
  item,
}: {
  item: Pick<InfoReasonItem, 'id' | 'name' | 'target_tonality'>;
}) {
  const can = useCan();
  const update = useUpdateTargetTonality();
  if (!can('EDIT_INFO_REASON')) return <MoodTag mood={item.target_tonality} />;
  return (
    <MoodSelect
      size="small"
      aria-label={`Целевая тональность: ${item.name}`}
      placeholder="Не задана"
      value={item.target_tonality}
      onChange={(tonality) => update.mutate({ id: item.id, tonality })}
    />
  );
}

export function CompletenessMark({ complete }: { complete: boolean | null }) {
  const { symbol, label } = completenessMark(complete);
  return (
    <Tooltip title={label}>
      <span
        className="info-reasons-table__complete"
        data-complete={String(complete)}
        role="img"
        aria-label={label}
      >
        {symbol}
      </span>
    </Tooltip>
  );
}

export function InfoReasonArchiveSwitch({
  item,
}: {
  item: Pick<InfoReasonItem, 'id' | 'name' | 'archived'>;
}) {
  const can = useCan();
  const toggle = useToggleInfoReasonArchive();
  if (!can('ARCHIVE_INFO_REASON')) return <span>{item.archived ? 'да' : 'нет'}</span>;
  return (
    <Switch
      size="small"
      aria-label={`В архиве: ${item.name}`}
      checked={item.archived}
      loading={toggle.isPending}
      onChange={() => toggle.mutate(item.id)}
    />
  );
}

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
    <Table<InfoReasonItem>
      className="info-reasons-table"
      rowKey="id"
      size={size}
      columns={columns}
      dataSource={rows}
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
      locale={{ emptyText: loading ? ' ' : <Empty description={emptyText} /> }}
      pagination={
        pagination.total > pagination.pageSize || pagination.page > 1
          ? {
              current: pagination.page,
              pageSize: pagination.pageSize,
              total: pagination.total,
              showSizeChanger: false,
              onChange: pagination.onPage,
            }
          : false
      }
    />
  );
}
