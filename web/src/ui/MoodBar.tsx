import './ui.css';
import {
  MOOD_COLORS,
  MOOD_DISPLAY_ORDER,
  MOOD_LABELS,
  MOODS,
  type MoodCounts,
  mergeOtherIntoNeutral,
  percentOf,
} from '@monitoring/contracts';
import { Tooltip } from 'antd';
import { formatCount } from '../lib/format.ts';

interface MoodBarProps {
  /** Counts per mood; null or undefined while loading (a single neutral segment). */
  counts: MoodCounts | null | undefined;
  /** Accessible name, e.g. «Тональность сообщений». */
  label?: string;
  height?: number;
}

/**
 * A horizontal bar with one segment per mood, proportional to its count (§4);
 * mood 4 counts as neutral. Until data arrives, and when every count is zero,
 * it shows a single neutral segment.
 */
export function MoodBar({ counts, label = 'Тональность', height = 8 }: MoodBarProps) {
  const merged = counts ? mergeOtherIntoNeutral(counts) : null;
  const total = merged ? MOOD_DISPLAY_ORDER.reduce((sum, mood) => sum + (merged[mood] ?? 0), 0) : 0;
  const segments = merged && total > 0 ? MOOD_DISPLAY_ORDER.filter((mood) => (merged[mood] ?? 0) > 0) : [];

  return (
    <div className="mood-bar" role="img" aria-label={label} style={{ height }}>
      {segments.length === 0 ? (
        <span
          className="mood-bar__segment"
          data-mood={MOODS.NEUTRAL}
          data-placeholder="true"
          style={{ flexGrow: 1, backgroundColor: MOOD_COLORS[MOODS.NEUTRAL] }}
        />
      ) : (
        segments.map((mood) => {
          const count = merged?.[mood] ?? 0;
          return (
            <Tooltip
              key={mood}
              title={`${MOOD_LABELS[mood]}: ${formatCount(count)} (${percentOf(count, total)}%)`}
            >
              <span
                className="mood-bar__segment"
                data-mood={mood}
                style={{ flexGrow: count, backgroundColor: MOOD_COLORS[mood] }}
              />
            </Tooltip>
          );
        })
      )}
    </div>
  );
}
