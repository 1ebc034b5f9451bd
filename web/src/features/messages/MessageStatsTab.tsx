import type { MessageFilterParams, MessageStat } from '@monitoring/contracts';
import { useEffect, useState } from 'react';
import { useMessagesLomStat, useMessagesMoodTable } from '../../api/messages.ts';
import { LomStatTable } from '../../ui/LomStatTable.tsx';
import { MoodTable } from '../../ui/MoodTable.tsx';
import { TEXTS } from './texts.ts';

const LOM_PAGE_SIZE = 25;

interface MessageStatsTabProps {
  filter: MessageFilterParams;
  stat: MessageStat;
  onStatChange: (stat: MessageStat) => void;
}

/** Tab 2: the mood table of the verified messages of the filter and the loms behind them. */
export function MessageStatsTab({ filter, stat, onStatChange }: MessageStatsTabProps) {
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or stat starts at page 1.
  useEffect(() => setPage(1), [filterKey, stat]);
  const moodTable = useMessagesMoodTable(filter);
  const loms = useMessagesLomStat(filter, { stat, page, pageSize: LOM_PAGE_SIZE });
  return (
    <div className="stats-tab">
      <MoodTable
        title={TEXTS.moodTable}
        table={moodTable.data?.mood_table}
        total={moodTable.data?.total}
        loading={moodTable.isFetching}
      />
      <LomStatTable
        data={loms.data}
        loading={loms.isFetching}
        stat={stat}
        onStatChange={onStatChange}
        page={page}
        pageSize={LOM_PAGE_SIZE}
        onPageChange={setPage}
        title={TEXTS.lomStat}
      />
    </div>
  );
}
