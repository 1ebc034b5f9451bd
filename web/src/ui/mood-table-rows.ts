import {
  fillMoodTable,
  MOOD_COLORS,
  MOOD_DISPLAY_ORDER,
  MOOD_LABELS,
  MOOD_TABLE_METRICS,
  MOODS,
  type Mood,
  type MoodTableRow,
  type PartialMoodTable,
  percentOf,
} from '@monitoring/contracts';

export interface MoodTableViewRow extends MoodTableRow {
  mood: Mood;
  label: string;
  color: string;
  /** Share of the messages in percent (§4: truncated integer). */
  percent: number;
}

function addRows(a: MoodTableRow, b: MoodTableRow): MoodTableRow {
  const sum = { ...a };
  for (const metric of MOOD_TABLE_METRICS) sum[metric] = a[metric] + b[metric];
  return sum;
}

/**
 * The rows a mood table shows: positive side, neutral, negative side. Mood 4
 * merges into 3 (§4); its lom_count and subscribers are added too, which may
 * count a lom with both moods twice — the table shows what the server counted.
 */
export function moodTableRows(table: PartialMoodTable | null | undefined): MoodTableViewRow[] {
  const filled = fillMoodTable(table);
  const neutral = addRows(filled[MOODS.NEUTRAL], filled[MOODS.OTHER]);
  const byMood = (mood: Mood): MoodTableRow => (mood === MOODS.NEUTRAL ? neutral : filled[mood]);
  const total = MOOD_DISPLAY_ORDER.reduce((sum, mood) => sum + byMood(mood).message_count, 0);
  return MOOD_DISPLAY_ORDER.map((mood) => ({
    ...byMood(mood),
    mood,
    label: MOOD_LABELS[mood],
    color: MOOD_COLORS[mood],
    percent: percentOf(byMood(mood).message_count, total),
  }));
}
