import { RUBRIC_PAGE_SIZE, type RubricItem } from '@monitoring/contracts';
import { Button, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useArchiveRubric } from '../../../api/admin-directories.ts';
import { useRubricList } from '../../../api/rubrics.ts';
import { formatCount } from '../../../lib/format.ts';
import { useUrlState } from '../../../lib/useUrlState.ts';
import { DataTable } from '../../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../../ui/LoadErrorAlert.tsx';
import { SearchInput } from '../../../ui/SearchInput.tsx';
import { useAdminAction } from '../shared/useAdminAction.ts';
import { adminRubricsUrlParams, parseAdminRubricsUrl } from './admin-rubrics-url.ts';
import { RubricLomsPanel } from './RubricLomsPanel.tsx';

const TYPE_LABELS = { rubric: 'Рубрика', theme: 'Тематическая' } as const;

/** /admin-panel/rubrics: the rubrics, and per rubric (a row opened) the loms it is made of. */
export function AdminRubrics() {
  const { state, patch } = useUrlState(parseAdminRubricsUrl, adminRubricsUrlParams);
  const list = useRubricList({
    page: state.page,
    page_size: RUBRIC_PAGE_SIZE,
    search: state.search || undefined,
    archived: state.archived,
  });
  const archive = useArchiveRubric();
  const confirmAndRun = useAdminAction();

  const columns: TableColumnsType<RubricItem> = [
    { key: 'name', title: 'Рубрика', render: (_, row) => row.name },
    { key: 'type', title: 'Тип', render: (_, row) => TYPE_LABELS[row.type] },
    {
      key: 'messages',
      title: 'Сообщений',
      align: 'right',
      render: (_, row) => formatCount(row.message_count),
    },
    {
      key: 'state',
      title: 'Состояние',
      render: (_, row) =>
        row.archived ? <Tag color="orange">В архиве</Tag> : <Tag color="green">Действует</Tag>,
    },
    {
      key: 'actions',
      title: 'Действия',
      render: (_, row) => (
        <Button
          size="small"
          danger={!row.archived}
          onClick={() =>
            confirmAndRun({
              title: row.archived
                ? `Вернуть рубрику «${row.name}» из архива?`
                : `Отправить рубрику «${row.name}» в архив?`,
              okText: row.archived ? 'Вернуть' : 'В архив',
              danger: !row.archived,
              run: () => archive.mutateAsync({ id: row.id, archived: !row.archived }),
              success: () => (row.archived ? 'Рубрика возвращена из архива' : 'Рубрика в архиве'),
              failure: 'Не удалось изменить рубрику',
            })
          }
        >
          {row.archived ? 'Из архива' : 'В архив'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Space wrap className="admin-dirs__filters">
        <SearchInput
          value={state.search}
          placeholder="Поиск по названию рубрики"
          onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
        />
        <Select
          aria-label="Архив"
          style={{ width: 160 }}
          value={state.archived === undefined ? 'all' : String(state.archived)}
          onChange={(value) => patch({ archived: value === 'all' ? undefined : value === 'true' })}
          options={[
            { value: 'all', label: 'Все' },
            { value: 'false', label: 'Действующие' },
            { value: 'true', label: 'В архиве' },
          ]}
        />
      </Space>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить рубрики"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <DataTable<RubricItem>
          rowKey="id"
          columns={columns}
          rows={list.data?.results}
          loading={list.isFetching}
          empty="Рубрики не найдены"
          paging={{
            page: state.page,
            pageSize: RUBRIC_PAGE_SIZE,
            total: list.data?.elements_count ?? 0,
            onPage: (page) => patch({ page }),
          }}
          expandable={{
            expandedRowKeys: state.rubric === undefined ? [] : [state.rubric],
            onExpand: (open, row) =>
              patch((latest) => ({ rubric: open ? row.id : undefined, page: latest.page })),
            expandedRowRender: (row) => <RubricLomsPanel rubric={row} />,
          }}
        />
      )}
    </>
  );
}
