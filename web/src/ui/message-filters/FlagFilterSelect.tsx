import { Select } from 'antd';
import { FILTER_TEXTS as TEXTS } from './texts.ts';

const OPTIONS = [
  { value: 'any', label: TEXTS.any },
  { value: 'true', label: TEXTS.yes },
  { value: 'false', label: TEXTS.no },
];

interface FlagFilterSelectProps {
  label: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  disabled?: boolean;
}

/** A flag of the filter: any, yes or no. */
export function FlagFilterSelect({ label, value, onChange, disabled }: FlagFilterSelectProps) {
  return (
    <div className="flag-filter">
      <span className="flag-filter__label">{label}</span>
      <Select
        size="small"
        aria-label={label}
        className="flag-filter__select"
        value={value === undefined ? 'any' : String(value)}
        options={OPTIONS}
        disabled={disabled}
        onChange={(next) => onChange(next === 'any' ? undefined : next === 'true')}
        popupMatchSelectWidth={false}
      />
    </div>
  );
}
