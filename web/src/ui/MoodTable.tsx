import './ui.css';
import {
  type MoodTableRow,
  moodTableCounts,
  moodTableDominantColor,
  type PartialMoodTable,
} from '@monitoring/contracts';
import type { TableColumnsType } from 'antd';
import { formatCount } from '../lib/format.ts';
import { DataTable } from './DataTable.tsx';
import { MoodBar } from './MoodBar.tsx';
import { type MoodTableViewRow, moodTableRows } from './mood-table-rows.ts';

interface MoodTableProps {
  /** Null while loading. */
  table: PartialMoodTable | null | undefined;
  /** The row over every mood, when the server sends it (distinct loms, not a sum). */
  total?: MoodTableRow | null;
  loading?: boolean;
  title?: string;
  /** «Сообщений» or «Цитат». */
  countTitle?: string;
}

const columns = (countTitle: string): TableColumnsType<MoodTableViewRow> => [
  {
    key: 'mood',
    title: 'Тональность',
    render: (_, row) => (
      <span className="mood-option">
        <span className="mood-option__dot" style={{ backgroundColor: row.color }} />
        {row.label}
      </span>
    ),
  },
  {
    key: 'message_count',
    title: countTitle,
    align: 'right',
    render: (_, row) => (
      <span>
        {formatCount(row.message_count)} <span className="muted">({row.percent}%)</span>
      </span>
    ),
  },
  { key: 'lom_count', title: 'ЛОМ', align: 'right', render: (_, row) => formatCount(row.lom_count) },
  { key: 'total_si', title: 'Si', align: 'right', render: (_, row) => formatCount(row.total_si) },
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
];

/**
 * A mood table (§3): a row per mood with messages (and their share), loms, Si,
 * views and subscribers; the frame takes the dominant mood's colour (§4).
 */
export function MoodTable({
  table,
  total,
  loading,
  title = 'Тональность',
  countTitle = 'Сообщений',
}: MoodTableProps) {
  const rows = moodTableRows(table);
  const color = moodTableDominantColor(table);
  return (
    <section
      className="mood-table"
      style={{ borderTopColor: color }}
      aria-label={title}
      data-dominant={color}
    >
      <header className="mood-table__header">
        <h3 className="mood-table__title">{title}</h3>
        <div className="mood-table__bar">
          <MoodBar counts={table ? moodTableCounts(table) : null} label={title} />
        </div>
      </header>
      <DataTable<MoodTableViewRow>
        size="small"
        rowKey="mood"
        columns={columns(countTitle)}
        rows={rows}
        loading={loading}
        summary={() =>
          total ? (
            <DataTable.Summary.Row className="mood-table__total">
              <DataTable.Summary.Cell index={0}>Всего</DataTable.Summary.Cell>
              <DataTable.Summary.Cell index={1} align="right">
                {formatCount(total.message_count)}
              </DataTable.Summary.Cell>
              <DataTable.Summary.Cell index={2} align="right">
                {formatCount(total.lom_count)}
              </DataTable.Summary.Cell>
              <DataTable.Summary.Cell index={3} align="right">
                {formatCount(total.total_si)}
              </DataTable.Summary.Cell>
              <DataTable.Summary.Cell index={4} align="right">
                {formatCount(total.total_views)}
              </DataTable.Summary.Cell>
              <DataTable.Summary.Cell index={5} align="right">
                {formatCount(total.subscribers)}
              </DataTable.Summary.Cell>
            </DataTable.Summary.Row>
          ) : null
        }
      />
    </section>
  );
}
