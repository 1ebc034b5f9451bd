import './news.css';
import { NEWS_ORDERINGS, NEWS_PAGE_SIZE, type NewsOrdering, type NewsStatistic } from '@monitoring/contracts';
import { Select, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useNewsStatistics } from '../../api/news.ts';
import { formatCount, formatDateTime, formatExact } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { NewsMoodTable } from './NewsMoodTable.tsx';
import { newsUrlParams, ORDERING_LABELS, parseNewsUrl } from './news-url.ts';

const columns: TableColumnsType<NewsStatistic> = [
  {
    key: 'news',
    title: 'Новость',
    render: (_, row) => (
      <div>
        <Link to={`/news/${row.news_id}`} className="news-title">
          {row.news.title}
        </Link>
        <div className="news-meta">
          {formatDateTime(row.news.wrote_at)}
          {row.news.source_name ? ` · ${row.news.source_name}` : ''}
        </div>
      </div>
    ),
  },
  {
    key: 'message_count',
    title: 'Сообщений',
    width: 110,
    align: 'right',
    render: (_, row) => formatExact(row.message_count),
  },
  { key: 'total_si', title: 'Si', width: 100, align: 'right', render: (_, row) => formatCount(row.total_si) },
  {
    key: 'total_views',
    title: 'Просмотры',
    width: 120,
    align: 'right',
    render: (_, row) => formatCount(row.total_views),
  },
  {
    key: 'mood_table',
    title: 'Тональность',
    width: 240,
    render: (_, row) => <NewsMoodTable counts={row.mood_table} compact />,
  },
];

/** /news: the period's stories (today by default) with total SI, views and mood table (docs/news.md). */
export function NewsPage() {
  usePageTitle(PAGE_TITLES.news);
  const { state, patch } = useUrlState(parseNewsUrl, newsUrlParams);
  const list = useNewsStatistics({
    after: state.period.after,
    before: state.period.before,
    ordering: state.ordering,
    page: state.page,
    search: state.search,
  });

  return (
    <section className="page news-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.news}</PageHeading>
      </div>
      <div className="news-filters">
        <PeriodPicker
          value={state.period}
          allowClear={false}
          onChange={(value) =>
            value.after && value.before && patch({ period: { after: value.after, before: value.before } })
          }
        />
        <SearchInput
          value={state.search}
          onSearch={(search) => patch({ search }, { replace: true })}
          placeholder="Поиск по заголовку"
        />
        <Select<NewsOrdering>
          aria-label="Сортировка"
          value={state.ordering}
          onChange={(ordering) => patch({ ordering })}
          options={NEWS_ORDERINGS.map((value) => ({ value, label: ORDERING_LABELS[value] }))}
          style={{ minWidth: 200 }}
        />
      </div>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить новости"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : null}
      <DataTable<NewsStatistic>
        aria-label="Новости"
        size="middle"
        rowKey="news_id"
        columns={columns}
        rows={list.data?.results}
        loading={list.isFetching}
        empty={state.search ? 'Нет новостей по этому запросу' : 'За этот период новостей нет'}
        paging={{
          page: state.page,
          pageSize: NEWS_PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => patch({ page }),
        }}
      />
    </section>
  );
}
