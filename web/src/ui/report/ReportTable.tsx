import type { MessageFilterParams, ReportOrdering, ReportTableRow } from '@monitoring/contracts';
import { Button, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useReportTable } from '../../api/daily-dashboards.ts';
import { formatCount } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { MoodBar } from '../../ui/MoodBar.tsx';
import { moodCountsOf } from './home-charts.ts';
import { HOME_TEXTS } from './home-texts.ts';

interface ReportTableProps {
  title: string;
  path: string;
  filter: MessageFilterParams;
  ordering: ReportOrdering;
  pageSize: number;
  /** The page of a row's subject (theme, info reason, lom). */
  linkOf: (id: number) => string;
}

const columns = (title: string, linkOf: (id: number) => string): TableColumnsType<ReportTableRow> => [
  {
    key: 'name',
    title,
    render: (_, row) => <Link to={linkOf(row.id)}>{row.name || `№ ${row.id}`}</Link>,
  },
  {
    key: 'moods',
    title: 'Тональность',
    width: 160,
    render: (_, row) => <MoodBar counts={moodCountsOf(row.moods)} label={`Тональность: ${row.name}`} />,
  },
  { key: 'si', title: HOME_TEXTS.si, align: 'right', render: (_, row) => formatCount(row.total_si) },
  { key: 'views', title: HOME_TEXTS.views, align: 'right', render: (_, row) => formatCount(row.total_views) },
  {
    key: 'messages',
    title: HOME_TEXTS.messages,
    align: 'right',
    render: (_, row) => formatCount(row.message_count),
  },
];

/** One report table (themes, info reasons or loms) of a tab, pages appended by «Показать ещё». */
export function ReportTable({ title, path, filter, ordering, pageSize, linkOf }: ReportTableProps) {
  const query = useReportTable(path, filter, ordering, pageSize);
  const rows = query.data?.pages.flatMap((page) => page.results);
  return (
    <section className="home-report" aria-label={title}>
      <h3 className="home-report__title">{title}</h3>
      <DataTable<ReportTableRow>
        rowKey="id"
        size="small"
        rows={rows}
        loading={query.isFetching}
        columns={columns(title, linkOf)}
        empty={HOME_TEXTS.empty}
      />
      {query.hasNextPage && (
        <Button
          className="home-report__more"
          onClick={() => query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          {HOME_TEXTS.loadMore}
        </Button>
      )}
    </section>
  );
}
