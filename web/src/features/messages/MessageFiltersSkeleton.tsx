import { Skeleton } from 'antd';
import { useCan } from '../../api/useCan.ts';
import { filterGridCount, visibleFilterFlags } from './filter-panel-layout.ts';
import { FLAG_FILTER_LABELS } from './texts.ts';

/**
 * The filter panel while its code loads (it is fetched in parallel with the page's data,
 * docs/first-screen.md): the same box, rows and grid, a placeholder of the same size in place of
 * each control and the flags' labels as they will be, so nothing moves when the controls come in.
 */
export function MessageFiltersSkeleton() {
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
        <div className="filters-skeleton__reset" />
      </div>
    </section>
  );
}
