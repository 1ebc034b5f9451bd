import { type ListEnvelope, pluralRu, type RuPluralForms } from '@monitoring/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import { Fragment, type ReactNode, useEffect } from 'react';
import { formatExact } from '../../../lib/format.ts';
import { CONTENT_TEXTS } from './content-texts.ts';

interface PagedTabListProps<T> {
  query: UseQueryResult<ListEnvelope<T>, Error>;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  /** What the count says: «За период: 12 публикаций». */
  forms: RuPluralForms;
  empty: string;
  /** The items' box: `ul` when the items are `li` (quotes), `div` otherwise. */
  as?: 'ul' | 'div';
  className: string;
  itemKey: (item: T) => number;
  renderItem: (item: T) => ReactNode;
}

/**
 * One page of a card tab's list: a skeleton while the first page loads, a Russian error
 * with a retry, an empty state, the count of the period and the pages. While the next
 * page loads the previous one stays on screen, dimmed.
 */
export function PagedTabList<T>({
  query,
  page,
  onPage,
  pageSize,
  forms,
  empty,
  as: Items = 'div',
  className,
  itemKey,
  renderItem,
}: PagedTabListProps<T>) {
  const data = query.data;
  const stale = query.isPlaceholderData;

  // A shorter period can leave the page in the URL past the last one.
  useEffect(() => {
    if (data && !stale && data.page > data.last_page) onPage(data.last_page);
  }, [data, stale, onPage]);

  if (query.isPending) {
    return (
      <div aria-busy="true" className="lom-content__list">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} active paragraph={{ rows: 2 }} />
        ))}
      </div>
    );
  }
  if (query.isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={CONTENT_TEXTS.loadError}
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {CONTENT_TEXTS.retry}
          </Button>
        }
      />
    );
  }
  if (!data || data.elements_count === 0) {
    return <Empty className="lom-content__empty" description={empty} />;
  }
  const count = data.elements_count;
  return (
    <div className="lom-content__list" aria-busy={query.isFetching}>
      <p className="lom-content__count muted">
        {CONTENT_TEXTS.periodTotal(formatExact(count), pluralRu(count, forms))}
      </p>
      <Items className={stale ? `${className} lom-content__items--stale` : className}>
        {data.results.map((item) => (
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </Items>
      <Pagination
        className="lom-content__pages"
        current={page}
        pageSize={pageSize}
        total={count}
        onChange={onPage}
        hideOnSinglePage
        showSizeChanger={false}
      />
    </div>
  );
}
