import './viral-content.css';
import { PAGE_SIZES, VIRAL_STAT_LABELS, VIRAL_STATS, type ViralStat } from '@monitoring/contracts';
import { Empty, Pagination, Segmented, Spin } from 'antd';
import { useViralContent } from '../../api/viral-content.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { TEXTS } from './texts.ts';
import { ViralCard } from './ViralCard.tsx';
import { parseViralUrl, type ViralUrlState, viralPeriod, viralUrlParams } from './viral-url.ts';

const parse = (params: URLSearchParams) => parseViralUrl(params);
const write = (state: ViralUrlState) => viralUrlParams(state);
const statOptions = VIRAL_STATS.map((value) => ({ value, label: VIRAL_STAT_LABELS[value] }));

/** /viral-content: the period's messages that spread fastest, 12 cards a page, ordered by the chosen stat. */
export function ViralContentPage() {
  usePageTitle(PAGE_TITLES['viral-content']);
  const { state, patch } = useUrlState(parse, write);
  const period = viralPeriod(state);
  const list = useViralContent({ ...period, stat: state.stat, page: state.page });
  const results = list.data?.results ?? [];

  return (
    <section className="page viral-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['viral-content']}</PageHeading>
      </div>
      <div className="viral-page__filters">
        <PeriodPicker
          allowClear={false}
          value={{ after: period.after, before: period.before }}
          onChange={({ after, before }) => patch({ wrote_at_after: after, wrote_at_before: before })}
        />
        <Segmented<ViralStat>
          aria-label={TEXTS.stat}
          options={statOptions}
          value={state.stat}
          onChange={(stat) => patch({ stat })}
        />
        {list.data ? (
          <span className="viral-page__found" aria-live="polite">
            {TEXTS.found(list.data.elements_count)}
          </span>
        ) : null}
      </div>
      <p className="viral-page__explain">{TEXTS.explain}</p>
      {list.isError ? (
        <LoadErrorAlert title={TEXTS.loadError} error={list.error} onRetry={() => list.refetch()} />
      ) : null}
      <Spin spinning={list.isFetching} tip="Загрузка…">
        {list.data && results.length === 0 ? (
          <Empty description={TEXTS.empty} />
        ) : (
          <div className="viral-page__grid" aria-busy={list.isFetching}>
            {results.map((item) => (
              <ViralCard key={item.id} item={item} stat={state.stat} />
            ))}
          </div>
        )}
      </Spin>
      {list.data && list.data.last_page > 1 ? (
        <Pagination
          className="viral-page__pages"
          current={state.page}
          pageSize={PAGE_SIZES.VIRAL_CONTENT}
          total={Math.min(list.data.elements_count, 100 * PAGE_SIZES.VIRAL_CONTENT)}
          showSizeChanger={false}
          onChange={(page) => patch({ page })}
        />
      ) : null}
    </section>
  );
}
