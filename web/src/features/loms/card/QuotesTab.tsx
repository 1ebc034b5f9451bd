import './lom-content.css';
import { LOM_TAB_PAGE_SIZE } from '@monitoring/contracts';
import { useLomQuotes } from '../../../api/lom-content.ts';
import { QuoteItem } from '../../../ui/QuoteItem.tsx';
import { CONTENT_TEXTS, QUOTE_FORMS } from './content-texts.ts';
import { PagedTabList } from './PagedTabList.tsx';
import type { LomTabProps } from './types.ts';
import { useTabPage } from './useTabPage.ts';

/** «Цитаты»: the lom's quotes of the card's period, newest first, as the quotes page shows them. */
export function QuotesTab({ lom, period }: LomTabProps) {
  const [page, setPage] = useTabPage('quotes_page');
  const list = useLomQuotes(lom.id, period, page);
  return (
    <div className="lom-content">
      <PagedTabList
        query={list}
        page={page}
        onPage={setPage}
        pageSize={LOM_TAB_PAGE_SIZE}
        forms={QUOTE_FORMS}
        empty={CONTENT_TEXTS.quotesEmpty}
        as="ul"
        className="quote-group__quotes lom-content__quotes"
        itemKey={(quote) => quote.id}
        renderItem={(quote) => <QuoteItem quote={quote} />}
      />
    </div>
  );
}
