import './card/lom-profile.css';
import { PAGE_SIZES } from '@monitoring/contracts';
import { Alert, Empty, Pagination } from 'antd';
import { useLomCompare } from '../../api/lom-writes.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { COMPARE_TEXTS } from './card/profile-texts.ts';
import { compareUrlParams, parseCompareUrl } from './compare-url.ts';
import { LomCompareCharts } from './LomCompareCharts.tsx';
import { LomCompareTable } from './LomCompareTable.tsx';

/**
 * /loms/compare: the loms chosen, side by side over one period: a table of their metrics
 * and bar charts. The loms (in the order chosen), the period and the page live in the URL.
 */
export function LomComparePage() {
  usePageTitle(PAGE_TITLES['loms-compare']);
  const { state, patch: change } = useUrlState(parseCompareUrl, compareUrlParams);
  const compare = useLomCompare(state);

  const loms = compare.data?.results ?? [];

  return (
    <section className="page lom-compare">
      <PageHeading>{PAGE_TITLES['loms-compare']}</PageHeading>
      <div className="lom-compare__controls">
        <PickSelect
          mode="multiple"
          kind="lom"
          className="lom-compare__picker"
          placeholder={COMPARE_TEXTS.pick}
          value={state.ids}
          onChange={(ids) => change({ ids })}
        />
        <PeriodPicker
          value={{ after: state.after, before: state.before }}
          onChange={(period) => change({ after: period.after, before: period.before })}
        />
      </div>
      {state.after || state.before ? null : <p className="muted">{COMPARE_TEXTS.allTime}</p>}
      {state.ids.length === 0 ? (
        <Empty description={COMPARE_TEXTS.empty} />
      ) : compare.isError && !compare.data ? (
        <Alert type="error" showIcon title={COMPARE_TEXTS.loadError} description={compare.error.message} />
      ) : (
        <>
          <LomCompareTable loms={loms} loading={compare.isFetching} />
          {compare.data && compare.data.last_page > 1 ? (
            <Pagination
              className="lom-compare__pages"
              current={state.page}
              pageSize={PAGE_SIZES.COMPARE_LOMS}
              total={compare.data.elements_count}
              showSizeChanger={false}
              onChange={(page) => change({ page })}
            />
          ) : null}
          <LomCompareCharts loms={loms} loading={compare.isPending} />
        </>
      )}
    </section>
  );
}
