import {
  MOOD_COLORS,
  MOOD_DISPLAY_ORDER,
  MOOD_LABELS,
  type NewsMoodTable as MoodCounts,
} from '@monitoring/contracts';
import { formatExact } from '../../lib/format.ts';
import { MoodBar } from '../../ui/MoodBar.tsx';

/**
 * A story's mood table (product.md §3 "News statistic"): its messages per mood, as a bar and as
 * counts; mood 4 («Другое») counts as neutral, as everywhere.
 */
export function NewsMoodTable({ counts, compact = false }: { counts: MoodCounts; compact?: boolean }) {
  const merged = { ...counts, 3: counts[3] + counts[4] };
  return (
    <div className={compact ? 'news-moods news-moods--compact' : 'news-moods'}>
      <MoodBar counts={counts} label="Тональность сообщений новости" height={compact ? 6 : 10} />
      <ul className="news-moods__counts" aria-label="Сообщения по тональности">
        {MOOD_DISPLAY_ORDER.map((mood) => (
          <li key={mood} title={MOOD_LABELS[mood]}>
            <span className="news-moods__dot" style={{ background: MOOD_COLORS[mood] }} />
            {compact ? null : <span className="news-moods__label">{MOOD_LABELS[mood]}</span>}
            <span className="news-moods__count">{formatExact(merged[mood])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
