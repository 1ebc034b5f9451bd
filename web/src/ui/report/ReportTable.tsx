import './report.css';
import {
  type MessageFilterParams,
  REPORT_PAGE_SIZES,
  REPORT_TABLE_PATHS,
  type ReportOrdering,
  type ReportTableRow,
} from '@monitoring/contracts';
import { Button, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useReportTable } from '../../api/report-tables.ts';
import { formatCount } from '../../lib/format.ts';
import { DataTable } from '../DataTable.tsx';
import { LoadErrorAlert } from '../LoadErrorAlert.tsx';
import { MoodBar } from '../MoodBar.tsx';
import { moodCountsOf } from './report-charts.ts';
import { REPORT_TEXTS } from './report-texts.ts';

/** The three report tables: their title, call, page size (§9) and the page of a row's subject. */
export const REPORT_TABLES = {
  themes: {
    title: REPORT_TEXTS.themes,
    path: REPORT_TABLE_PATHS.themes,
    pageSize: REPORT_PAGE_SIZES.themes,
    linkOf: (id: number) => `/theme/${id}`,
  },
  infoReasons: {
    title: REPORT_TEXTS.infoReasons,
    path: REPORT_TABLE_PATHS.infoReasons,
    pageSize: REPORT_PAGE_SIZES.infoReasons,
    linkOf: (id: number) => `/info-reason/${id}`,
  },
  loms: {
    title: REPORT_TEXTS.loms,
    path: REPORT_TABLE_PATHS.loms,
    pageSize: REPORT_PAGE_SIZES.loms,
    linkOf: (id: number) => `/loms/${id}`,
  },
} as const;
export type ReportTableKind = keyof typeof REPORT_TABLES;

interface ReportTableProps {
  kind: ReportTableKind;
  filter: MessageFilterParams;
  ordering: ReportOrdering;
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
  { key: 'si', title: REPORT_TEXTS.si, align: 'right', render: (_, row) => formatCount(row.total_si) },
  {
    key: 'views',
    title: REPORT_TEXTS.views,
    align: 'right',
    render: (_, row) => formatCount(row.total_views),
  },
  {
    key: 'messages',
    title: REPORT_TEXTS.messages,
    align: 'right',
    render: (_, row) => formatCount(row.message_count),
  },
];

/** One report table (themes, info reasons or loms) of a tab, pages appended by «Показать ещё». */
export function ReportTable({ kind, filter, ordering }: ReportTableProps) {
  const { title, path, pageSize, linkOf } = REPORT_TABLES[kind];
  const query = useReportTable(path, filter, ordering, pageSize);
  const rows = query.data?.pages.flatMap((page) => page.results);
  return (
    <section className="report-block" aria-label={title}>
      <h3 className="report-block__title">{title}</h3>
      {query.isError && !query.isFetching ? (
        <LoadErrorAlert
          title={REPORT_TEXTS.failed(title)}
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : (
        <DataTable<ReportTableRow>
          rowKey="id"
          size="small"
          rows={rows}
          loading={query.isFetching}
          columns={columns(title, linkOf)}
          empty={REPORT_TEXTS.empty}
        />
      )}
      {query.hasNextPage && !query.isError && (
        <Button
          className="report-block__more"
          onClick={() => query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          {REPORT_TEXTS.loadMore}
        </Button>
      )}
    </section>
  );
}
