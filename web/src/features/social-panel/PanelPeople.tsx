import { ROUTES, type SocialPanelist, withQuery } from '@monitoring/contracts';
import { Card, List, Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSocialPanelists, useSocialPanelLoms } from '../../api/social-panel.ts';
import type { DayPeriod } from '../../lib/day-period.ts';
import { formatExact } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { SOCIAL_PANEL_TEXTS as T } from './texts.ts';

/** The messages list filtered as product.md §2's link filters say, over the page's period. */
export function messagesLink(
  filter: { soc_panel?: number; panelist?: number; id_in?: readonly number[] },
  period: DayPeriod,
): string {
  return withQuery(ROUTES.messages, {
    ...filter,
    wrote_at_after: period.after,
    wrote_at_before: period.before,
  });
}

interface PeopleProps {
  panelId: number;
  period: DayPeriod;
}

/** The panel's people, each linking to the messages of the loms they follow (`panelist`). */
export function PanelistsCard({ panelId, period }: PeopleProps) {
  const [page, setPage] = useState(1);
  const query = useSocialPanelists(panelId, page);
  const columns: ColumnsType<SocialPanelist> = [
    { key: 'id', title: T.columns.id, dataIndex: 'id', width: 80 },
    { key: 'gender', title: T.columns.gender, dataIndex: 'gender' },
    { key: 'age', title: T.columns.age, dataIndex: 'age_label' },
    { key: 'family', title: T.columns.family, dataIndex: 'family_status' },
    { key: 'education', title: T.columns.education, dataIndex: 'education' },
    { key: 'region', title: T.columns.region, render: (_, row) => row.region ?? '—' },
    {
      key: 'loms',
      title: T.columns.loms,
      render: (_, row) => (
        <Link to={messagesLink({ panelist: row.id }, period)}>
          {T.messagesOfPanelist} ({row.loms_count})
        </Link>
      ),
    },
  ];
  return (
    <Card size="small" title={T.panelistsTitle} data-testid="panelists">
      <DataTable<SocialPanelist>
        rowKey="id"
        size="small"
        columns={columns}
        rows={query.data?.results}
        loading={query.isFetching}
        empty={T.empty}
        paging={{ page, pageSize: 12, total: query.data?.elements_count ?? 0, onPage: setPage }}
      />
    </Card>
  );
}

/** The loms the audience reads: confirmed (social_panel_loms/) or candidates. */
export function PanelLomsCard({ panelId }: { panelId: number }) {
  const [candidates, setCandidates] = useState(false);
  const query = useSocialPanelLoms(panelId, candidates);
  return (
    <Card
      size="small"
      title={T.panelLoms}
      extra={
        <Segmented
          size="small"
          value={candidates ? 'candidates' : 'confirmed'}
          onChange={(value) => setCandidates(value === 'candidates')}
          options={[
            { value: 'confirmed', label: T.confirmed },
            { value: 'candidates', label: T.candidates },
          ]}
        />
      }
    >
      <List
        size="small"
        loading={query.isPending}
        locale={{ emptyText: T.noLoms }}
        dataSource={query.data?.results ?? []}
        renderItem={(lom) => (
          <List.Item extra={`${formatExact(lom.share)} %`}>
            <Link to={`/loms/${lom.id}`}>{lom.name}</Link>
          </List.Item>
        )}
      />
    </Card>
  );
}
