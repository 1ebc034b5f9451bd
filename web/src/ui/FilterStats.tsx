import type { ListEnvelope, LomStatItem, MessageStat, MoodTableResponse } from '@monitoring/contracts';
import { useEffect, useState } from 'react';
import { LomStatTable } from './LomStatTable.tsx';
import { MoodTable } from './MoodTable.tsx';

interface Answer<T> {
  data: T | undefined;
  isFetching: boolean;
}

interface FilterStatsProps<F> {
  filter: F;
  stat: MessageStat;
  onStatChange: (stat: MessageStat) => void;
  /** The query hook of the filter's mood table (messages or quotes); fixed for the page. */
  useMoodTable: (filter: F) => Answer<MoodTableResponse>;
  /** The query hook of the loms behind the filter, ordered by the stat; fixed for the page. */
  useLomStat: (
    filter: F,
    options: { stat: MessageStat; page: number; pageSize: number },
  ) => Answer<ListEnvelope<LomStatItem>>;
  lomPageSize: number;
  className: string;
  texts: {
    moodTable: string;
    lomStat: string /** «Цитат»; «Сообщений» when left out. */;
    countTitle?: string;
  };
}

/**
 * The statistics of a filtered list: the mood table of what it keeps and the loms behind it,
 * paged, ordered by the stat chosen. A new filter or stat starts at the first page.
 */
export function FilterStats<F>({
  filter,
  stat,
  onStatChange,
  useMoodTable,
  useLomStat,
  lomPageSize,
  className,
  texts,
}: FilterStatsProps<F>) {
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or stat starts at page 1.
  useEffect(() => setPage(1), [filterKey, stat]);
  const moodTable = useMoodTable(filter);
  const loms = useLomStat(filter, { stat, page, pageSize: lomPageSize });
  return (
    <div className={className}>
      <MoodTable
        title={texts.moodTable}
        countTitle={texts.countTitle}
        table={moodTable.data?.mood_table}
        total={moodTable.data?.total}
        loading={moodTable.isFetching}
      />
      <LomStatTable
        title={texts.lomStat}
        countTitle={texts.countTitle}
        data={loms.data}
        loading={loms.isFetching}
        stat={stat}
        onStatChange={onStatChange}
        page={page}
        pageSize={lomPageSize}
        onPageChange={setPage}
      />
    </div>
  );
}
