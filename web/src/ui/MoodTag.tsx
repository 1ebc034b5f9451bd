import { isMood, MOOD_COLORS, MOOD_LABELS, type Mood } from '@monitoring/contracts';
import { Tag } from 'antd';
import type { CSSProperties } from 'react';

/**
 * How a mood's label is drawn (WCAG 2.1 AA, docs/accessibility.md): the mood's own colour (MOOD_COLORS) stays as the
 * border, a light tint of it is the background, and the text is a darker shade of the same hue, at least 4.5:1 on
 * that tint. The evaluation moods (aggressive, supportive) are filled with their colour under white text, so they
 * stay apart from negative and positive.
 */
const MOOD_TAG_STYLES: Readonly<Record<Mood, CSSProperties>> = {
  1: { color: '#3D7336', backgroundColor: '#EDF7EB', borderColor: MOOD_COLORS[1] }, // 5.16:1
  2: { color: '#B33A3A', backgroundColor: '#FDEAEA', borderColor: MOOD_COLORS[2] }, // 5.06:1
  3: { color: '#596069', backgroundColor: '#F3F4F6', borderColor: MOOD_COLORS[3] }, // 5.78:1
  4: { color: '#5F5F5F', backgroundColor: '#FAFAFA', borderColor: MOOD_COLORS[4] }, // 6.1:1
  5: { color: '#FFFFFF', backgroundColor: MOOD_COLORS[5], borderColor: MOOD_COLORS[5] }, // 7.43:1
  6: { color: '#FFFFFF', backgroundColor: MOOD_COLORS[6], borderColor: MOOD_COLORS[6] }, // 5.13:1
};

/** A mood as a coloured label; «Не указана» when there is none. */
export function MoodTag({ mood, prefix }: { mood: number | null | undefined; prefix?: string }) {
  if (!isMood(mood)) return <Tag className="mood-tag">{prefix ? `${prefix}: ` : ''}Не указана</Tag>;
  return (
    <Tag className="mood-tag" variant="outlined" style={MOOD_TAG_STYLES[mood]} data-mood={mood}>
      {prefix ? `${prefix}: ` : ''}
      {MOOD_LABELS[mood]}
    </Tag>
  );
}
