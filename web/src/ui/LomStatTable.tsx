import './ui.css';
import type { ListEnvelope, LomStatItem, MessageStat } from '@monitoring/contracts';
import { moodTableCounts } from '@monitoring/contracts';
import { Segmented, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatCount } from '../lib/format.ts';
import { DataTable } from './DataTable.tsx';
import { MoodBar } from './MoodBar.tsx';
import { MoodIcon } from './MoodIcon.tsx';
import { SiHint } from './SiHint.tsx';

const STAT_OPTIONS: { value: MessageStat; label: string }[] = [
  { value: 'si', label: 'Si' },
  { value: 'views', label: 'Просмотры' },
  { value: 'reposts', label: 'Репосты' },
];

interface LomStatTableProps {
  data: ListEnvelope<LomStatItem> | undefined;
  loading: boolean;
  stat: MessageStat;
  onStatChange: (stat: MessageStat) => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** «Сообщений» or «Цитат». */
  countTitle?: string;
  title?: string;
}

/** Loms of a filter with their counts and mood, ordered by the chosen stat (§4: si, views, reposts). */
export function LomStatTable({
  data,
  loading,
  stat,
  onStatChange,
  page,
  pageSize,
  onPageChange,
  countTitle = 'Сообщений',
  title = 'ЛОМ',
}: LomStatTableProps) {
  const columns: TableColumnsType<LomStatItem> = [
    {
      key: 'mood',
      width: 44,
      render: (_, row) => <MoodIcon counts={moodTableCounts(row.mood_table)} size={26} />,
    },
    {
      key: 'lom',
      title: 'ЛОМ',
      render: (_, row) => (
        <div className="lom-stat__lom">
          <Link to={`/loms/${row.lom.id}`}>{row.lom.name}</Link>
          <MoodBar
            counts={moodTableCounts(row.mood_table)}
            label={`Тональность: ${row.lom.name}`}
            height={6}
          />
        </div>
      ),
    },
    { key: 'count', title: countTitle, align: 'right', render: (_, row) => formatCount(row.message_count) },
    { key: 'si', title: <SiHint />, align: 'right', render: (_, row) => formatCount(row.total_si) },
    { key: 'views', title: 'Просмотры', align: 'right', render: (_, row) => formatCount(row.total_views) },
    { key: 'reposts', title: 'Репосты', align: 'right', render: (_, row) => formatCount(row.total_reposts) },
    {
      key: 'subscribers',
      title: 'Подписчики',
      align: 'right',
      render: (_, row) => formatCount(row.subscribers),
    },
  ];
  return (
    <section className="lom-stat" aria-label={title}>
      <header className="lom-stat__header">
        <h3 className="mood-table__title">{title}</h3>
        <Segmented<MessageStat>
          options={STAT_OPTIONS}
          value={stat}
          onChange={onStatChange}
          aria-label="Показатель"
        />
      </header>
      <DataTable<LomStatItem>
        size="small"
        rowKey={(row) => row.lom.id}
        columns={columns}
        rows={data?.results ?? []}
        loading={loading}
        empty={'Нет данных за период'}
        paging={{ page, pageSize, total: data?.elements_count ?? 0, onPage: onPageChange }}
      />
    </section>
  );
}
