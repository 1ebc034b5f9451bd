import {
  formatAge,
  LOM_COMPARE_METRICS,
  type LomCompareItem,
  type LomCompareMetric,
} from '@monitoring/contracts';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatCount, formatExact } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { MoodBar } from '../../ui/MoodBar.tsx';
import { COMPARE_TEXTS } from './card/profile-texts.ts';

type Row = { key: LomCompareMetric | 'moods'; label: string };

const INDEXES = new Set<LomCompareMetric>([
  'trust_index',
  'influence_index',
  'integration_index',
  'average_si',
]);

function formatMetric(metric: LomCompareMetric, value: number | null): string {
  if (value === null) return '';
  if (metric === 'audience_age') return formatAge(value);
  if (INDEXES.has(metric)) return formatExact(value);
  return formatCount(value);
}

/** The best value of a row among the loms shown: it is set in bold. */
function bestOf(loms: readonly LomCompareItem[], metric: LomCompareMetric): number | null {
  const values = loms.map((lom) => lom[metric]).filter((v): v is number => typeof v === 'number');
  if (values.length < 2 || metric === 'audience_age') return null;
  const best = Math.max(...values);
  return best > 0 ? best : null;
}

/** Metrics down, loms across: one column per lom, in the order chosen. */
export function LomCompareTable({ loms, loading }: { loms: readonly LomCompareItem[]; loading: boolean }) {
  const rows: Row[] = [
    ...LOM_COMPARE_METRICS.map(([key, label]) => ({ key, label })),
    { key: 'moods', label: COMPARE_TEXTS.moods },
  ];
  const columns: TableColumnsType<Row> = [
    { key: 'label', dataIndex: 'label', title: COMPARE_TEXTS.metric, fixed: 'left', width: 220 },
    ...loms.map((lom) => ({
      key: String(lom.id),
      title: <Link to={`/loms/${lom.id}`}>{lom.name}</Link>,
      width: 180,
      render: (_: unknown, row: Row) => {
        if (row.key === 'moods') {
          return (
            <div className="lom-compare__moodbar">
              <MoodBar counts={lom.mood_counts} label={`${COMPARE_TEXTS.moods}: ${lom.name}`} />
            </div>
          );
        }
        const value = lom[row.key];
        const text = formatMetric(row.key, value);
        return value !== null && value === bestOf(loms, row.key) ? <strong>{text}</strong> : text;
      },
    })),
  ];
  return (
    <DataTable<Row>
      className="lom-compare__table"
      size="small"
      rowKey="key"
      columns={columns}
      rows={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      aria-label={COMPARE_TEXTS.table}
    />
  );
}
