import './report.css';
import { REPORT_ORDERING_LABELS, REPORT_ORDERINGS, type ReportOrdering } from '@monitoring/contracts';
import { Segmented, Space } from 'antd';
import type { ReactNode } from 'react';
import type { DayPeriod } from '../../lib/day-period.ts';
import { PeriodPicker } from '../PeriodPicker.tsx';
import { REPORT_TEXTS } from './report-texts.ts';
import type { ReportUrlState } from './report-url.ts';

interface ReportControlsProps {
  value: ReportUrlState;
  /** The default period: an end left empty takes its end. */
  fallback: () => DayPeriod;
  onChange: (change: Partial<ReportUrlState>) => void;
  /** More controls on the same row (the picture of the day's settings button). */
  children?: ReactNode;
}

/** The period picker and the sort (SI / views / messages) of a report view. */
export function ReportControls({ value, fallback, onChange, children }: ReportControlsProps) {
  return (
    <Space wrap className="report-controls">
      <PeriodPicker
        value={value.period}
        allowClear={false}
        onChange={(period) => {
          const defaults = fallback();
          onChange({
            period: { after: period.after ?? defaults.after, before: period.before ?? defaults.before },
          });
        }}
      />
      <Segmented<ReportOrdering>
        aria-label={REPORT_TEXTS.sort}
        value={value.ordering}
        options={REPORT_ORDERINGS.map((ordering) => ({
          value: ordering,
          label: REPORT_ORDERING_LABELS[ordering],
        }))}
        onChange={(ordering) => onChange({ ordering })}
      />
      {children}
    </Space>
  );
}
