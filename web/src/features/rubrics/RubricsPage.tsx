import { halfYearPeriod } from '../../lib/day-period.ts';
import './rubrics.css';
import { moodTableCounts, RUBRIC_PAGE_SIZE, type RubricItem } from '@monitoring/contracts';
import { Segmented, type TableColumnsType, Tag } from 'antd';
import { Link } from 'react-router';
import { useRubricList } from '../../api/rubrics.ts';
import { formatCount } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { MoodBar } from '../../ui/MoodBar.tsx';
import { MoodIcon } from '../../ui/MoodIcon.tsx';
import { MoodTable } from '../../ui/MoodTable.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { parseRubricsUrl, RUBRIC_TYPE_LABELS, rubricListQuery, rubricsUrlParams } from './rubrics-url.ts';

const parse = (params: URLSearchParams) => parseRubricsUrl(params);
const write = (state: Parameters<typeof rubricsUrlParams>[0]) => rubricsUrlParams(state);

const typeOptions = [
  { value: 'all', label: 'Все' },
  { value: 'rubric', label: RUBRIC_TYPE_LABELS.rubric },
  { value: 'theme', label: RUBRIC_TYPE_LABELS.theme },
];

function periodQuery(after: string, before: string): string {
  const defaults = halfYearPeriod();
  if (after === defaults.after && before === defaults.before) return '';
  return `?${new URLSearchParams({ wrote_at_after: after, wrote_at_before: before })}`;
}

/** /rubrics (Segments): the segments with their sums over the period, mood bar and table per row. */
export function RubricsPage() {
  usePageTitle(PAGE_TITLES.rubrics);
  const { state, patch } = useUrlState(parse, write);
  const list = useRubricList(rubricListQuery(state, RUBRIC_PAGE_SIZE));
  const suffix = periodQuery(state.period.after, state.period.before);

  const columns: TableColumnsType<RubricItem> = [
    {
      key: 'mood',
      width: 48,
      render: (_, row) => <MoodIcon counts={moodTableCounts(row.mood_table)} size={26} />,
    },
    {
      key: 'name',
      title: 'Сегмент',
      render: (_, row) => (
        <div className="rubrics-table__name">
          <Link to={`/rubrics/${row.id}${suffix}`}>{row.name}</Link>
          <MoodBar counts={moodTableCounts(row.mood_table)} label={`Тональность: ${row.name}`} height={6} />
        </div>
      ),
    },
    {
      key: 'type',
      title: 'Тип',
      width: 140,
      render: (_, row) => <Tag>{RUBRIC_TYPE_LABELS[row.type]}</Tag>,
    },
    {
      key: 'message_count',
      title: 'Сообщений',
      align: 'right',
      render: (_, row) => formatCount(row.message_count),
    },
    { key: 'total_si', title: 'Si', align: 'right', render: (_, row) => formatCount(row.total_si) },
    {
      key: 'total_views',
      title: 'Просмотры',
      align: 'right',
      render: (_, row) => formatCount(row.total_views),
    },
  ];

  return (
    <section className="page rubrics-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.rubrics}</PageHeading>
        <div className="page__actions">
          <Link to="/dashboards/rubric">Дашборд сегмента</Link>
        </div>
      </div>
      <section className="filters-panel" aria-label="Фильтры">
        <div className="filters-panel__row">
          <PeriodPicker
            value={state.period}
            allowClear={false}
            onChange={({ after, before }) => {
              const defaults = halfYearPeriod();
              patch({ period: { after: after ?? defaults.after, before: before ?? defaults.before } });
            }}
          />
          <div className="filters-panel__search">
            <SearchInput
              value={state.search}
              placeholder="Поиск по названию сегмента"
              onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
            />
          </div>
          <Segmented
            aria-label="Тип сегмента"
            value={state.type ?? 'all'}
            options={typeOptions}
            onChange={(value) => patch({ type: value === 'all' ? undefined : (value as 'rubric' | 'theme') })}
          />
        </div>
      </section>
      <div className="rubrics-page__summary" aria-live="polite">
        {list.data ? <span>Найдено: {formatCount(list.data.elements_count)}</span> : null}
        <span>Суммы — по сообщениям сегмента за выбранный период</span>
      </div>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить сегменты"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : null}
      <DataTable<RubricItem>
        aria-label="Сегменты"
        size="middle"
        rowKey="id"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isFetching}
        empty={state.search ? 'Ничего не найдено' : 'Сегментов пока нет'}
        expandable={{
          expandedRowRender: (row) => <MoodTable table={row.mood_table} title={`Тональность: ${row.name}`} />,
          rowExpandable: (row) => row.message_count > 0,
        }}
        paging={{
          page: state.page,
          pageSize: RUBRIC_PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => patch({ page }),
        }}
      />
    </section>
  );
}
