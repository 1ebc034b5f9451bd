import { isMood, MOOD_COLORS, MOOD_LABELS } from '@monitoring/contracts';
import { Tag } from 'antd';

/** A mood as a coloured label; «Не указана» when there is none. */
export function MoodTag({ mood, prefix }: { mood: number | null | undefined; prefix?: string }) {
  if (!isMood(mood)) return <Tag className="mood-tag">{prefix ? `${prefix}: ` : ''}Не указана</Tag>;
  return (
    <Tag className="mood-tag" color={MOOD_COLORS[mood]} data-mood={mood}>
      {prefix ? `${prefix}: ` : ''}
      {MOOD_LABELS[mood]}
    </Tag>
  );
}
