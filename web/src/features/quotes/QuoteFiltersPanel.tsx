import type { QuoteFilterParams } from '@monitoring/contracts';
import { Button } from 'antd';
import { ClassificationPickFilters, idList } from '../../ui/ClassificationPickFilters.tsx';
import { MoodMultiSelect } from '../../ui/MoodSelect.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { SearchQueryInput } from '../../ui/SearchQueryInput.tsx';
import { hasConditions } from './quotes-url.ts';
import { TEXTS } from './texts.ts';

interface QuoteFiltersPanelProps {
  filter: QuoteFilterParams;
  onChange: (patch: Partial<QuoteFilterParams>, options?: { replace?: boolean }) => void;
  onReset: () => void;
}

/** The quote filter (period, text, lom, theme, info reason, mood); each change goes to the URL. */
export function QuoteFiltersPanel({ filter, onChange, onReset }: QuoteFiltersPanelProps) {
  return (
    <section className="filters-panel" aria-label="Фильтры">
      <div className="filters-panel__row">
        <PeriodPicker
          value={{ after: filter.wrote_at_after, before: filter.wrote_at_before }}
          onChange={({ after, before }) => onChange({ wrote_at_after: after, wrote_at_before: before })}
        />
        <div className="filters-panel__search">
          <SearchQueryInput
            value={filter.search}
            label={TEXTS.search}
            onSearch={(search) => onChange({ search }, { replace: true })}
          />
        </div>
      </div>
      <div className="filters-panel__grid">
        <ClassificationPickFilters filter={filter} onChange={onChange} />
        <MoodMultiSelect
          value={filter.mood_in ?? []}
          onChange={(ids) => onChange({ mood_in: idList(ids) })}
        />
        <Button type="link" onClick={onReset} disabled={!hasConditions(filter)}>
          {TEXTS.reset}
        </Button>
      </div>
    </section>
  );
}
