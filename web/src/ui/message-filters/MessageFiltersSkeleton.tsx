import './message-filters.css';
import type { MessageFilterParams } from '@monitoring/contracts';
import { Button, Skeleton } from 'antd';
import { useCan } from '../../api/useCan.ts';
import { hasConditions } from './filter-conditions.ts';
import { filterGridCount, visibleFilterFlags } from './filter-panel-layout.ts';
import { FLAG_FILTER_LABELS, FILTER_TEXTS as TEXTS } from './texts.ts';

/**
 * The filter panel while its code loads (it is fetched in parallel with the page's data,
 * docs/first-screen.md): the same box, rows and grid, a placeholder of the same size in place of
 * each control, the flags' labels and the reset button (antd's Button is in the layout already) as they
 * will be, so nothing moves when the controls come in.
 */
export function MessageFiltersSkeleton({
  filter,
  onReset,
}: {
  filter: MessageFilterParams;
  onReset: () => void;
}) {
  const can = useCan();
  const gridCount = filterGridCount(can);
  return (
    <section className="filters-panel" aria-label="Фильтры" aria-busy="true">
      <div className="filters-panel__row">
        <Skeleton.Input active className="filters-skeleton__period" />
        <div className="filters-panel__search">
          <Skeleton.Input active block />
        </div>
        <Skeleton.Input active className="filters-panel__ordering filters-skeleton__ordering" />
      </div>
      <div className="filters-panel__grid">
        {Array.from({ length: gridCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton.Input key={index} active block />
        ))}
      </div>
      <div className="filters-panel__row filters-panel__flags">
        {visibleFilterFlags(can).map((flag) => (
          <div key={flag} className="flag-filter">
            <span className="flag-filter__label">{FLAG_FILTER_LABELS[flag] ?? flag}</span>
            <Skeleton.Input active size="small" className="flag-filter__select filters-skeleton__flag" />
          </div>
        ))}
        <Button type="link" onClick={onReset} disabled={!hasConditions(filter)}>
          {TEXTS.reset}
        </Button>
      </div>
    </section>
  );
}
