import { fillMoodTable, isMood, type LomStatItem, type PartialMoodTable } from '@monitoring/contracts';
import type { LomStatRow } from './lom-stat-queries.ts';

export function presentLomStat(row: LomStatRow): LomStatItem {
  const subscribers = Number(row.subscribers);
  const table: PartialMoodTable = {};
  for (const [mood, n, si, views] of row.moods ?? []) {
    if (!isMood(mood)) continue;
    table[mood] = {
      message_count: Number(n),
      lom_count: Number(n) > 0 ? 1 : 0,
      total_si: Number(si ?? 0),
      total_views: Number(views ?? 0),
      subscribers: Number(n) > 0 ? subscribers : 0,
    };
  }
  return {
    lom: { id: row.lom_id, name: row.name, avatar: row.avatar },
    message_count: Number(row.n),
    total_si: Number(row.si ?? 0),
    total_views: Number(row.views ?? 0),
    total_reposts: Number(row.reposts ?? 0),
    subscribers,
    mood_table: fillMoodTable(table),
  };
}
