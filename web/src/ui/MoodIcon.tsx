import './ui.css';
import { FrownOutlined, MehOutlined, QuestionOutlined, SmileOutlined } from '@ant-design/icons';
import {
  MOOD_LABELS,
  type Mood,
  type MoodCounts,
  type MoodIconName,
  moodIcon,
  moodIconOf,
} from '@monitoring/contracts';
import type { ComponentType } from 'react';

const ICONS: Record<MoodIconName, ComponentType> = {
  happy: SmileOutlined,
  angry: FrownOutlined,
  neutral: MehOutlined,
  help: QuestionOutlined,
};

/**
 * The face of the largest mood in a ring of its colour; grey ring and «?» with no data (§4). With `mood` the face
 * of that mood whatever the counts: a list of one tonality shows its own (the dashboards' lom lists).
 */
export function MoodIcon({
  counts,
  mood: fixed,
  size = 28,
}: {
  counts: MoodCounts | null | undefined;
  mood?: Mood;
  size?: number;
}) {
  const { icon, color, mood } = fixed === undefined ? moodIcon(counts) : moodIconOf(fixed);
  const Icon = ICONS[icon];
  return (
    <span
      className="mood-icon"
      role="img"
      aria-label={mood === null ? 'Нет данных о тональности' : MOOD_LABELS[mood]}
      data-icon={icon}
      style={{ width: size, height: size, borderColor: color, color, fontSize: size * 0.55 }}
    >
      <Icon />
    </span>
  );
}
