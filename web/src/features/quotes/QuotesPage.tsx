import './quotes.css';
import { DownloadOutlined } from '@ant-design/icons';
import type { QuoteListItem } from '@monitoring/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useDeleteQuote, useQuotesLomStat, useQuotesMoodTable } from '../../api/quotes.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { FilterStats } from '../../ui/FilterStats.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { ReportDownloadDialog, type ReportRequest } from '../../ui/ReportDownloadDialog.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { QuoteFiltersPanel } from './QuoteFiltersPanel.tsx';
import { QuoteGroupList } from './QuoteGroupList.tsx';
import { TEXTS } from './texts.ts';
import { useQuotesUrlState } from './useQuotesUrlState.ts';

const CONFIRM_EXCERPT = 160;

/** /quotes: quotes grouped by lom, with their mood table and lom stats, over one filter in the URL. */
export function QuotesPage() {
  usePageTitle(PAGE_TITLES.quotes);
  const can = useCan();
  const state = useQuotesUrlState();
  const { message, modal } = useFeedback();
  const remove = useDeleteQuote();
  const [report, setReport] = useState<ReportRequest | null>(null);

  const confirmDelete = (quote: QuoteListItem) => {
    const excerpt =
      quote.text.length > CONFIRM_EXCERPT ? `${quote.text.slice(0, CONFIRM_EXCERPT)}…` : quote.text;
    modal.confirm({
      title: TEXTS.confirmTitle,
      content: `«${excerpt.replace(/<[^>]*>/g, '')}»`,
      okText: TEXTS.confirmOk,
      okButtonProps: { danger: true },
      cancelText: TEXTS.confirmCancel,
      // The dialog waits for the answer; a failure is notified by the API client.
      onOk: () =>
        remove
          .mutateAsync(quote.id)
          .then(() => {
            message.success(TEXTS.removed);
          })
          .catch(() => {}),
    });
  };

  return (
    <section className="page quotes-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.quotes}</PageHeading>
        <div className="page__actions">
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              setReport({
                kind: 'quotes',
                title: TEXTS.excelTitle,
                query: { ...state.filter },
                fallbackName: 'quotes.xlsx',
              })
            }
          >
            {TEXTS.excel}
          </Button>
        </div>
      </div>
      <QuoteFiltersPanel
        filter={state.filter}
        onChange={state.patchFilter}
        onReset={() =>
          state.setFilter({
            wrote_at_after: state.filter.wrote_at_after,
            wrote_at_before: state.filter.wrote_at_before,
          })
        }
      />
      <FilterStats
        className="quotes-page__stats"
        filter={state.filter}
        stat={state.stat}
        onStatChange={state.setStat}
        useMoodTable={useQuotesMoodTable}
        useLomStat={useQuotesLomStat}
        lomPageSize={10}
        texts={{ moodTable: TEXTS.moodTable, lomStat: TEXTS.lomStat, countTitle: TEXTS.countTitle }}
      />
      <h2 className="quotes-page__subtitle">{TEXTS.groups}</h2>
      <QuoteGroupList
        filter={state.filter}
        onDelete={can('EDIT_MESSAGE_ATTRIBUTES') ? confirmDelete : undefined}
      />
      <ReportDownloadDialog request={report} onClose={() => setReport(null)} />
    </section>
  );
}
