import { ADMIN_LIST_PAGE_SIZE, type AdminRubricLomItem } from '@monitoring/contracts';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminRubricLoms, useChangeRubricLoms } from '../../../api/admin-directories.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../../ui/LoadErrorAlert.tsx';
import { PickSelect } from '../../../ui/PickSelect.tsx';
import { useAdminAction } from '../shared/useAdminAction.ts';

/** The loms a rubric is made of: add some from the lom pick list, remove one after a confirmation. */
export function RubricLomsPanel({ rubric }: { rubric: { id: number; name: string } }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState<number[]>([]);
  const loms = useAdminRubricLoms(rubric.id, { page, page_size: ADMIN_LIST_PAGE_SIZE });
  const change = useChangeRubricLoms(rubric.id);
  const confirmAndRun = useAdminAction();

  const columns: TableColumnsType<AdminRubricLomItem> = [
    { key: 'name', title: 'ЛОМ', render: (_, row) => <Link to={`/loms/${row.id}`}>{row.name}</Link> },
    {
      key: 'active',
      title: 'Состояние',
      render: (_, row) => (row.is_active ? <Tag color="green">Активен</Tag> : <Tag>Неактивен</Tag>),
    },
    {
      key: 'remove',
      title: '',
      align: 'right',
      render: (_, row) => (
        <Button
          size="small"
          danger
          onClick={() =>
            confirmAndRun({
              title: `Убрать «${row.name}» из рубрики «${rubric.name}»?`,
              okText: 'Убрать',
              run: () => change.mutateAsync({ loms: [row.id], add: false }),
              success: () => 'ЛОМ убран из рубрики',
              failure: 'Не удалось убрать ЛОМ',
            })
          }
        >
          Убрать
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-dirs__rubric-loms">
      <Space wrap className="admin-dirs__filters">
        <PickSelect
          kind="lom"
          mode="multiple"
          placeholder="Добавить ЛОМ"
          className="admin-dirs__lom-pick"
          value={adding}
          onChange={(ids) => setAdding(ids)}
        />
        <Button
          type="primary"
          disabled={adding.length === 0}
          loading={change.isPending}
          onClick={() =>
            change
              .mutateAsync({ loms: adding, add: true })
              .then(() => setAdding([]))
              .catch(() => {})
          }
        >
          Добавить
        </Button>
      </Space>
      {loms.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить ЛОМ рубрики"
          error={loms.error}
          onRetry={() => void loms.refetch()}
        />
      ) : (
        <DataTable<AdminRubricLomItem>
          rowKey="id"
          size="small"
          columns={columns}
          rows={loms.data?.results}
          loading={loms.isFetching}
          empty="В рубрике нет ЛОМ"
          paging={{
            page,
            pageSize: ADMIN_LIST_PAGE_SIZE,
            total: loms.data?.elements_count ?? 0,
            onPage: setPage,
          }}
        />
      )}
    </div>
  );
}
