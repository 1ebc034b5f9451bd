import {
  INVOLVEMENT_APPROVAL_LABELS,
  INVOLVEMENT_METRIC_LABELS,
  INVOLVEMENT_METRICS,
  type InvolvementApproval,
  type InvolvementItem,
} from '@monitoring/contracts';
import { Alert, Card, Tag } from 'antd';
import { useEffect } from 'react';
import {
  INVOLVEMENTS_PAGE_SIZE,
  type InvolvementScope,
  useInvolvements,
} from '../../../api/lom-relations.ts';
import { formatDate, formatExact } from '../../../lib/format.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { INVOLVEMENT_TEXTS } from './relations-texts.ts';
import { useTabPage } from './useTabPage.ts';

const APPROVAL_COLORS: Record<InvolvementApproval, string> = {
  approved: 'green',
  pending: 'gold',
  declined: 'red',
};

const money = (value: number | null) => (value === null ? '—' : formatExact(value));

/** The lom's involvements, 25 a page, the latest first; the page is kept in the URL. */
export function InvolvementTable({ scope }: { scope: InvolvementScope }) {
  const [page, setPage] = useTabPage('involvements_page');
  const query = useInvolvements(scope, page);
  const data = query.data;

  // A narrower scope can leave the page in the URL past the last one.
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.page > data.last_page) setPage(data.last_page);
  }, [data, query.isPlaceholderData, setPage]);

  return (
    <Card size="small" title={INVOLVEMENT_TEXTS.list}>
      {query.isError ? (
        <Alert type="error" showIcon title={INVOLVEMENT_TEXTS.loadError} description={query.error.message} />
      ) : null}
      <DataTable<InvolvementItem>
        size="small"
        rowKey="id"
        loading={query.isFetching}
        rows={data?.results ?? []}
        scroll={{ x: true }}
        paging={{
          page: page,
          pageSize: INVOLVEMENTS_PAGE_SIZE,
          total: data?.elements_count ?? 0,
          onPage: setPage,
        }}
        columns={[
          { title: INVOLVEMENT_TEXTS.table.title, dataIndex: 'title' },
          { title: INVOLVEMENT_TEXTS.table.type, dataIndex: 'involvement_type' },
          {
            title: INVOLVEMENT_TEXTS.table.customer,
            key: 'customer',
            render: (_: unknown, row) => row.pc_customer?.name ?? '—',
          },
          {
            title: INVOLVEMENT_TEXTS.table.day,
            dataIndex: 'day',
            render: (day: string) => formatDate(`${day}T12:00:00+03:00`),
          },
          {
            title: INVOLVEMENT_TEXTS.table.approval,
            dataIndex: 'approval',
            render: (approval: string) => {
              const known =
                approval in INVOLVEMENT_APPROVAL_LABELS ? (approval as InvolvementApproval) : null;
              return known ? (
                <Tag color={APPROVAL_COLORS[known]}>{INVOLVEMENT_APPROVAL_LABELS[known]}</Tag>
              ) : (
                approval
              );
            },
          },
          ...INVOLVEMENT_METRICS.map((metric) => ({
            title: INVOLVEMENT_METRIC_LABELS[metric],
            key: metric,
            align: 'right' as const,
            render: (_: unknown, row: InvolvementItem) => formatExact(row.values[metric]),
          })),
          { title: INVOLVEMENT_TEXTS.table.fee, dataIndex: 'fee', align: 'right', render: money },
          { title: INVOLVEMENT_TEXTS.table.grant, dataIndex: 'grant', align: 'right', render: money },
        ]}
      />
    </Card>
  );
}
