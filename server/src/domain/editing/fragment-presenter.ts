import type { FragmentResult } from '@monitoring/contracts';
import type { FragmentRow } from './fragment-queries.ts';

export function presentFragment(row: FragmentRow, tagIds: number[]): FragmentResult {
  return { id: row.id, message_id: row.messageId, ...fragmentValues(row), tags: tagIds };
}

/** The classification a log row keeps of a fragment. */
export const fragmentValues = (row: FragmentRow, tags?: number[]) => ({
  text: row.text,
  start: row.start,
  end: row.end,
  speech_timestamp: row.speechTimestamp,
  mood: row.mood,
  mood_ai: row.moodAi,
  theme_id: row.themeId,
  info_reason_id: row.infoReasonId,
  ...(tags ? { tags } : {}),
});
