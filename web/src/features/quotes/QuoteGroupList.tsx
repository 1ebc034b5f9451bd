import type { QuoteFilterParams, QuoteListItem } from '@monitoring/contracts';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useQuoteGroups } from '../../api/quotes.ts';
import { formatExact } from '../../lib/format.ts';
import { QuoteGroupCard } from './QuoteGroupCard.tsx';
import { TEXTS } from './texts.ts';

interface QuoteGroupListProps {
  filter: QuoteFilterParams;
  onDelete?: (quote: QuoteListItem) => void;
}

/** Quotes grouped by lom with «Показать ещё ЛОМ»: page 1 replaces the list, later pages append. */
export function QuoteGroupList({ filter, onDelete }: QuoteGroupListProps) {
  const query = useQuoteGroups(filter);
  const groups = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = query.data?.pages[query.data.pages.length - 1]?.elements_count ?? 0;

  if (query.isPending) {
    return (
      <div className="quote-groups" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} active avatar paragraph={{ rows: 3 }} className="quote-group" />
        ))}
      </div>
    );
  }
  if (query.isError && groups.length === 0) {
    return <Alert type="error" title={TEXTS.loadError} description={query.error.message} showIcon />;
  }
  if (groups.length === 0) {
    return <Empty className="page__empty" description={TEXTS.empty} />;
  }
  return (
    <div className="quote-groups" aria-busy={query.isFetching}>
      <p className="quote-groups__count muted">{TEXTS.shownLoms(groups.length, formatExact(total))}</p>
      <div
        className={
          query.isPlaceholderData ? 'quote-groups__items quote-groups__items--stale' : 'quote-groups__items'
        }
      >
        {groups.map((group) => (
          <QuoteGroupCard key={group.lom?.id ?? 'none'} group={group} filter={filter} onDelete={onDelete} />
        ))}
      </div>
      {query.hasNextPage ? (
        <div className="quote-groups__more">
          <Button onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage} size="large">
            {TEXTS.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
