import type { QuoteFilterParams } from '@monitoring/contracts';
import { Button } from 'antd';
import { MoodMultiSelect } from '../../ui/MoodSelect.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { SearchInput } from '../messages/SearchInput.tsx';
import { hasConditions } from './quotes-url.ts';
import { TEXTS } from './texts.ts';

interface QuoteFiltersPanelProps {
  filter: QuoteFilterParams;
  onChange: (patch: Partial<QuoteFilterParams>, options?: { replace?: boolean }) => void;
  onReset: () => void;
}

const list = (ids: readonly number[]) => (ids.length ? [...ids] : undefined);

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
          <SearchInput
            value={filter.search}
            placeholder={TEXTS.search}
            onSearch={(search) => onChange({ search }, { replace: true })}
          />
        </div>
      </div>
      <div className="filters-panel__grid">
        <PickSelect
          kind="lom"
          mode="multiple"
          placeholder={TEXTS.loms}
          value={filter.lom_in ?? []}
          onChange={(ids) => onChange({ lom_in: list(ids) })}
        />
        <PickSelect
          kind="theme"
          mode="multiple"
          placeholder={TEXTS.themes}
          value={filter.theme_in ?? []}
          onChange={(ids) => onChange({ theme_in: list(ids) })}
        />
        <PickSelect
          kind="info_reason"
          mode="multiple"
          placeholder={TEXTS.infoReasons}
          value={filter.info_reason_in ?? []}
          extra={{ theme_in: filter.theme_in }}
          onChange={(ids) => onChange({ info_reason_in: list(ids) })}
        />
        <MoodMultiSelect value={filter.mood_in ?? []} onChange={(ids) => onChange({ mood_in: list(ids) })} />
        <Button type="link" onClick={onReset} disabled={!hasConditions(filter)}>
          {TEXTS.reset}
        </Button>
      </div>
    </section>
  );
}
