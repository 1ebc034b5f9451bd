import { halfYearPeriod } from '../../lib/day-period.ts';
import './rubrics.css';
import {
  moodTableCounts,
  RUBRIC_LOM_PAGE_SIZE,
  type RubricItem,
  type RubricLomItem,
} from '@monitoring/contracts';
import { Avatar, Button, Card, Result, Skeleton, Statistic, type TableColumnsType, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useRubric, useRubricLoms } from '../../api/rubrics.ts';
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
import {
  orderingOf,
  parseRubricUrl,
  RUBRIC_TYPE_LABELS,
  type RubricUrlState,
  rubricLomsQuery,
  rubricUrlParams,
  sortOrderOf,
} from './rubrics-url.ts';

const parse = (params: URLSearchParams) => parseRubricUrl(params);
const write = (state: RubricUrlState) => rubricUrlParams(state);

function RubricSums({ rubric }: { rubric: RubricItem }) {
  const items: [string, number][] = [
    ['Сообщений', rubric.message_count],
    ['Si', rubric.total_si],
    ['Просмотры', rubric.total_views],
  ];
  return (
    <div className="rubric-card__stats">
      {items.map(([title, value]) => (
        <Card key={title} size="small">
          <Statistic title={title} value={formatCount(value)} />
        </Card>
      ))}
    </div>
  );
}

/** /rubrics/{id}: a segment's sums and mood table over the period, and its lom table. */
export function RubricPage() {
  const id = Number(useParams().id);
  const { state, patch } = useUrlState(parse, write);
  const period = { wrote_at_after: state.period.after, wrote_at_before: state.period.before };
  const rubric = useRubric(id, period);
  const loms = useRubricLoms(id, rubricLomsQuery(state, RUBRIC_LOM_PAGE_SIZE), !rubric.isError);
  usePageTitle(rubric.data ? `${PAGE_TITLES['rubrics-id']}: ${rubric.data.name}` : PAGE_TITLES['rubrics-id']);

  if (!Number.isInteger(id) || id <= 0 || rubric.isError) {
    const missing =
      !Number.isInteger(id) || id <= 0 || (isApiError(rubric.error) && rubric.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? 'Сегмент не найден' : 'Не удалось загрузить сегмент'}
        subTitle={!missing && rubric.error instanceof Error ? rubric.error.message : undefined}
        extra={<Link to="/rubrics">К списку сегментов</Link>}
      />
    );
  }

  const sortable = (field: string) => ({
    sorter: true,
    sortOrder: sortOrderOf(state.ordering, field),
    sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
  });
  const columns: TableColumnsType<RubricLomItem> = [
    {
      key: 'mood',
      width: 48,
      render: (_, row) => <MoodIcon counts={moodTableCounts(row.mood_table)} size={26} />,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: 'ЛОМ',
      ...sortable('name'),
      render: (_, row) => (
        <div className="rubric-lom__name">
          <Avatar src={row.avatar ?? undefined} alt="" aria-hidden size={32}>
            {row.name.slice(0, 1)}
          </Avatar>
          <div>
            <Link to={`/loms/${row.id}`}>{row.name}</Link>
            <MoodBar counts={moodTableCounts(row.mood_table)} label={`Тональность: ${row.name}`} height={6} />
          </div>
        </div>
      ),
    },
    {
      key: 'message_count',
      dataIndex: 'message_count',
      title: 'Сообщений',
      align: 'right',
      ...sortable('message_count'),
      render: (_, row) => formatCount(row.message_count),
    },
    {
      key: 'total_si',
      dataIndex: 'total_si',
      title: 'Si',
      align: 'right',
      ...sortable('total_si'),
      render: (_, row) => formatCount(row.total_si),
    },
    {
      key: 'total_views',
      dataIndex: 'total_views',
      title: 'Просмотры',
      align: 'right',
      ...sortable('total_views'),
      render: (_, row) => formatCount(row.total_views),
    },
  ];

  const dashboardQuery = new URLSearchParams({ rubric: String(id) });
  const defaults = halfYearPeriod();
  if (state.period.after !== defaults.after || state.period.before !== defaults.before) {
    dashboardQuery.set('wrote_at_after', state.period.after);
    dashboardQuery.set('wrote_at_before', state.period.before);
  }

  return (
    <section className="page rubric-card">
      <div className="page__head">
        <div>
          <PageHeading>{rubric.data ? rubric.data.name : PAGE_TITLES['rubrics-id']}</PageHeading>
          {rubric.data ? (
            <div className="rubric-card__themes">
              <Tag color="blue">{RUBRIC_TYPE_LABELS[rubric.data.type]}</Tag>
              {rubric.data.archived ? <Tag>В архиве</Tag> : null}
              {rubric.data.themes.map((theme) => (
                <Link key={theme.id} to={`/theme/${theme.id}`}>
                  <Tag>{theme.name}</Tag>
                </Link>
              ))}
            </div>
          ) : null}
        </div>
        <div className="page__actions">
          <Link to="/rubrics">К списку сегментов</Link>
          <Link to={`/dashboards/rubric?${dashboardQuery}`}>
            <Button type="primary">Дашборд сегмента</Button>
          </Link>
        </div>
      </div>
      <section className="filters-panel" aria-label="Фильтры">
        <div className="filters-panel__row">
          <PeriodPicker
            value={state.period}
            allowClear={false}
            onChange={({ after, before }) =>
              patch({ period: { after: after ?? defaults.after, before: before ?? defaults.before } })
            }
          />
        </div>
      </section>

      {rubric.data ? (
        <>
          <RubricSums rubric={rubric.data} />
          <MoodTable
            table={rubric.data.mood_table}
            loading={rubric.isFetching}
            title="Тональность сегмента"
          />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}

      <div className="rubric-card__loms-head">
        <h2>ЛОМ сегмента</h2>
        <div className="rubric-card__loms-search">
          <SearchInput
            value={state.search}
            placeholder="Поиск по имени ЛОМ"
            onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
          />
        </div>
      </div>
      {loms.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить ЛОМ сегмента"
          error={loms.error}
          onRetry={() => loms.refetch()}
        />
      ) : null}
      <DataTable<RubricLomItem>
        aria-label="ЛОМ сегмента"
        size="middle"
        rowKey="id"
        columns={columns}
        rows={loms.data?.results ?? []}
        loading={loms.isFetching}
        empty={state.search ? 'Ничего не найдено' : 'За период у сегмента нет сообщений ЛОМ'}
        onSort={(key, order) => patch({ ordering: orderingOf(key ?? '', order) })}
        paging={{
          page: state.page,
          pageSize: RUBRIC_LOM_PAGE_SIZE,
          total: loms.data?.elements_count ?? 0,
          onPage: (page) => patch({ page }),
        }}
      />
    </section>
  );
}
