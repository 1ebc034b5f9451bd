import './producers.css';
import { formatNumber, type ProducerCenterRow, type ProducerOrdering } from '@monitoring/contracts';
import { Button, Select, type TableColumnsType } from 'antd';
import { usePickList } from '../../api/pick-lists.ts';
import { useProducerList } from '../../api/producers.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { DataTable, type DataTableSortOrder } from '../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ProducerCenterPanel } from './ProducerCenterPanel.tsx';
import { ProducerCharts } from './ProducerCharts.tsx';
import {
  chartFilter,
  type ProducersUrlState,
  parseProducersUrl,
  producersUrlParams,
} from './producers-url.ts';

const PAGE_SIZE = 20;

type SortField = 'name' | 'loms_count' | 'involvements' | 'subscribers' | 'messages' | 'views';

const sortOrderOf = (ordering: ProducerOrdering, field: SortField): DataTableSortOrder =>
  ordering === field ? 'ascend' : ordering === `-${field}` ? 'descend' : null;

function orderingOf(key: string | undefined, order: DataTableSortOrder): ProducerOrdering {
  if (!key || !order) return 'name';
  return (order === 'descend' ? `-${key}` : key) as ProducerOrdering;
}

const number = (value: number) => formatNumber(value);

/**
 * /producers: the centers over a period (page of 20, ordering, centers and sources in the URL) and their charts: of
 * the open center, else of the centers chosen in the filter, else of every center (their distinct loms).
 */
export function ProducersPage() {
  usePageTitle(PAGE_TITLES.producers);
  const { state, patch } = useUrlState<ProducersUrlState>(parseProducersUrl, producersUrlParams);
  const list = useProducerList(state, state.page, state.ordering);
  const centers = usePickList('producer_center', {});
  const sources = usePickList('source', {});
  const period = {
    after: state.period_after ?? list.data?.period_after,
    before: state.period_before ?? list.data?.period_before,
  };

  const sortable = (field: SortField, title: string, render?: (row: ProducerCenterRow) => string) => ({
    key: field,
    title,
    sorter: true,
    sortOrder: sortOrderOf(state.ordering, field),
    align: field === 'name' ? undefined : ('right' as const),
    render: (_: unknown, row: ProducerCenterRow) => (render ? render(row) : number(row[field] as number)),
  });

  const columns: TableColumnsType<ProducerCenterRow> = [
    {
      ...sortable('name', 'Продюсерский центр'),
      render: (_, row) => (
        <Button
          type="link"
          className="producer-link"
          onClick={() => patch({ center: row.id }, { replace: false })}
        >
          {row.name}
        </Button>
      ),
    },
    { key: 'type', title: 'Тип', render: (_, row) => row.type ?? '—' },
    sortable('loms_count', 'Количество ЛОМ'),
    sortable('involvements', 'Проекты за период'),
    sortable('subscribers', 'Подписчики'),
    sortable('messages', 'Публикации за период'),
    sortable('views', 'Просмотры за период'),
  ];

  return (
    <section className="page producers-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.producers}</PageHeading>
      </div>
      <section className="producers-filters" aria-label="Фильтры">
        <PeriodPicker
          value={period}
          onChange={({ after, before }) => patch({ period_after: after, period_before: before })}
        />
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="Продюсерские центры"
          placeholder="Все продюсерские центры"
          className="producers-filters__select"
          loading={centers.isFetching}
          options={(centers.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          value={state.pc_in}
          onChange={(pc_in: number[]) => patch({ pc_in })}
        />
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="Площадки"
          placeholder="Все площадки"
          className="producers-filters__select"
          loading={sources.isFetching}
          options={(sources.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          value={state.source_in}
          onChange={(source_in: number[]) => patch({ source_in })}
        />
      </section>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить продюсерские центры"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : null}
      <DataTable<ProducerCenterRow>
        aria-label="Продюсерские центры"
        size="middle"
        rowKey="id"
        columns={columns}
        rows={list.data?.results}
        loading={list.isFetching}
        empty="Нет продюсерских центров по этим фильтрам"
        rowClassName={(row) => (row.id === state.center ? 'ant-table-row-selected' : '')}
        onSort={(key, order) => patch({ ordering: orderingOf(key, order) })}
        paging={{
          page: state.page,
          pageSize: PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => patch({ page }),
        }}
      />
      {state.center ? (
        <ProducerCenterPanel
          id={state.center}
          filter={chartFilter(state)}
          onClose={() => patch((latest) => ({ ...latest, center: undefined, page: latest.page }))}
        />
      ) : (
        <section className="producer-center" aria-label="Графики центров">
          <h2>{state.pc_in.length ? 'Выбранные центры' : 'Все продюсерские центры'}</h2>
          <ProducerCharts filter={chartFilter(state)} />
        </section>
      )}
    </section>
  );
}
