import type { MessageStat, QuoteFilterParams } from '@monitoring/contracts';
import { useEffect, useState } from 'react';
import { useQuotesLomStat, useQuotesMoodTable } from '../../api/quotes.ts';
import { LomStatTable } from '../../ui/LomStatTable.tsx';
import { MoodTable } from '../../ui/MoodTable.tsx';
import { TEXTS } from './texts.ts';

const LOM_PAGE_SIZE = 10;

interface QuoteStatsProps {
  filter: QuoteFilterParams;
  stat: MessageStat;
  onStatChange: (stat: MessageStat) => void;
}

/** The quotes' mood table and their loms ordered by the stat of the quoted messages. */
export function QuoteStats({ filter, stat, onStatChange }: QuoteStatsProps) {
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or stat starts at page 1.
  useEffect(() => setPage(1), [filterKey, stat]);
  const moodTable = useQuotesMoodTable(filter);
  const loms = useQuotesLomStat(filter, { stat, page, pageSize: LOM_PAGE_SIZE });
  return (
    <div className="quotes-page__stats">
      <MoodTable
        title={TEXTS.moodTable}
        countTitle={TEXTS.countTitle}
        table={moodTable.data?.mood_table}
        total={moodTable.data?.total}
        loading={moodTable.isFetching}
      />
      <LomStatTable
        title={TEXTS.lomStat}
        countTitle={TEXTS.countTitle}
        data={loms.data}
        loading={loms.isFetching}
        stat={stat}
        onStatChange={onStatChange}
        page={page}
        pageSize={LOM_PAGE_SIZE}
        onPageChange={setPage}
      />
    </div>
  );
}
