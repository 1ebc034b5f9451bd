import type { NewDashboardItem } from '@monitoring/contracts';
import { Button, Card, Col, Empty, Input, Pagination, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteNewDashboard, useNewDashboards } from '../../api/new-dashboards.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DashboardSettingsDialog } from './DashboardSettingsDialog.tsx';
import { ND_TEXTS } from './texts.ts';

const PAGE_SIZE = 12;

function DashboardCard({
  item,
  onEdit,
  onDelete,
}: {
  item: NewDashboardItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const filters = item.filters_text.filter((line) => line.label !== 'Период');
  return (
    <Card
      size="small"
      title={<Link to={`/new-dashboards/${item.id}`}>{item.name}</Link>}
      actions={[
        <Button key="edit" type="link" size="small" onClick={onEdit}>
          {ND_TEXTS.edit}
        </Button>,
        <Button key="delete" type="link" size="small" danger onClick={onDelete}>
          {ND_TEXTS.delete}
        </Button>,
      ]}
      data-testid="new-dashboard-card"
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Typography.Text>
          <b>{ND_TEXTS.period}:</b> {item.period.text}
        </Typography.Text>
        {filters.map((line) => (
          <Typography.Text key={line.label} ellipsis={{ tooltip: line.value }}>
            <b>{line.label}:</b> {line.value}
          </Typography.Text>
        ))}
        <div>
          <b>{ND_TEXTS.lomGroups}:</b>{' '}
          {item.lom_groups.length === 0
            ? ND_TEXTS.allLoms
            : item.lom_groups.map((g) => <Tag key={g.id}>{g.title}</Tag>)}
        </div>
        <Typography.Text type="secondary">
          {ND_TEXTS.changed}: {formatDateTime(item.updated_at)}
        </Typography.Text>
      </Space>
    </Card>
  );
}

/** /new-dashboards: the caller's dashboards as cards. */
export function NewDashboardsPage() {
  usePageTitle(PAGE_TITLES['new-dashboards']);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const list = useNewDashboards({ page, pageSize: PAGE_SIZE, search: debounced || undefined });
  const remove = useDeleteNewDashboard();
  const { modal } = useFeedback();
  const [editing, setEditing] = useState<NewDashboardItem | null | undefined>(undefined);

  const confirmDelete = (item: NewDashboardItem) =>
    modal.confirm({
      title: `${ND_TEXTS.deleteConfirm} «${item.name}»`,
      content: ND_TEXTS.deleteHint,
      okText: ND_TEXTS.delete,
      okButtonProps: { danger: true },
      cancelText: ND_TEXTS.cancel,
      onOk: () => remove.mutateAsync(item.id),
    });

  const rows = list.data?.results ?? [];
  return (
    <div className="page">
      <PageHeading>{PAGE_TITLES['new-dashboards']}</PageHeading>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={ND_TEXTS.search}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          style={{ width: 280 }}
        />
        <Button type="primary" onClick={() => setEditing(null)}>
          {ND_TEXTS.create}
        </Button>
      </Space>
      {rows.length === 0 && !list.isFetching ? (
        <Empty description={ND_TEXTS.empty} />
      ) : (
        <Row gutter={[16, 16]}>
          {rows.map((item) => (
            <Col key={item.id} xs={24} md={12} xl={8}>
              <DashboardCard
                item={item}
                onEdit={() => setEditing(item)}
                onDelete={() => confirmDelete(item)}
              />
            </Col>
          ))}
        </Row>
      )}
      {(list.data?.last_page ?? 1) > 1 && (
        <Pagination
          style={{ marginTop: 16 }}
          current={page}
          pageSize={PAGE_SIZE}
          total={list.data?.elements_count ?? 0}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
      <DashboardSettingsDialog
        open={editing !== undefined}
        dashboard={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </div>
  );
}
