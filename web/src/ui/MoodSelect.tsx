import { isMood, MOOD_COLORS, MOOD_LABELS, MOOD_ORDER, type Mood } from '@monitoring/contracts';
import { Select } from 'antd';

// The one mood order of contracts, as in the mood tables and bars.
const OPTIONS = MOOD_ORDER.map((mood) => ({
  value: mood,
  label: (
    <span className="mood-option">
      <span className="mood-option__dot" style={{ backgroundColor: MOOD_COLORS[mood] }} />
      {MOOD_LABELS[mood]}
    </span>
  ),
  title: MOOD_LABELS[mood],
}));

interface MoodSelectProps {
  value: number | null | undefined;
  onChange: (mood: Mood | null) => void;
  disabled?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  size?: 'small' | 'middle' | 'large';
  'aria-label'?: string;
  className?: string;
}

/** One mood, or none when cleared. */
export function MoodSelect({
  value,
  onChange,
  disabled,
  placeholder = 'Тональность',
  allowClear = true,
  size,
  className,
  ...rest
}: MoodSelectProps) {
  return (
    <Select<Mood>
      className={className ?? 'mood-select'}
      aria-label={rest['aria-label'] ?? placeholder}
      value={isMood(value) ? value : undefined}
      onChange={(next) => onChange(next ?? null)}
      options={OPTIONS}
      optionLabelProp="label"
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      size={size}
      popupMatchSelectWidth={false}
    />
  );
}

interface MoodMultiSelectProps {
  value: readonly number[];
  onChange: (moods: Mood[]) => void;
  placeholder?: string;
  /** The accessible name when the placeholder is not one; the placeholder by default. */
  ariaLabel?: string;
}

/** Moods of a filter; 3 stands for 3 and 4, so «Другое» is not offered. */
export function MoodMultiSelect({
  value,
  onChange,
  placeholder = 'Тональность',
  ariaLabel,
}: MoodMultiSelectProps) {
  return (
    <Select<Mood[]>
      mode="multiple"
      className="mood-select"
      aria-label={ariaLabel ?? placeholder}
      value={value as Mood[]}
      onChange={onChange}
      options={OPTIONS.filter((option) => option.value !== 4)}
      placeholder={placeholder}
      allowClear
      maxTagCount="responsive"
    />
  );
}
