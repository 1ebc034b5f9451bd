import { PERIOD_LABELS, type Period } from '@monitoring/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DAY = 'YYYY-MM-DD';

export interface PeriodValue {
  /** YYYY-MM-DD, inclusive. */
  after?: string;
  /** YYYY-MM-DD, inclusive. */
  before?: string;
}

/** The range a preset (§9 period options) stands for, ending today. */
export function presetRange(period: Period, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const end = today.startOf('day');
  if (period === 'day') return [end, end];
  if (period === 'week') return [end.subtract(6, 'day'), end];
  return [end.subtract(1, 'month'), end];
}

const PRESETS: { label: string; value: () => [Dayjs, Dayjs] }[] = (['day', 'week', 'month'] as const).map(
  (period) => ({ label: PERIOD_LABELS[period], value: () => presetRange(period) }),
);

function parse(value: string | undefined): Dayjs | null {
  if (!value) return null;
  const day = dayjs(value.slice(0, 10), DAY, true);
  return day.isValid() ? day : null;
}

interface PeriodPickerProps {
  value: PeriodValue;
  onChange: (value: PeriodValue) => void;
  allowClear?: boolean;
}

/** A date range in Russian with the day / week / month presets; days are whole Moscow days. */
export function PeriodPicker({ value, onChange, allowClear = true }: PeriodPickerProps) {
  return (
    <DatePicker.RangePicker
      className="period-picker"
      aria-label="Период"
      format="DD.MM.YYYY"
      value={[parse(value.after), parse(value.before)]}
      presets={PRESETS}
      allowClear={allowClear}
      allowEmpty={[true, true]}
      onChange={(range) =>
        onChange({
          after: range?.[0]?.format(DAY) ?? undefined,
          before: range?.[1]?.format(DAY) ?? undefined,
        })
      }
    />
  );
}
