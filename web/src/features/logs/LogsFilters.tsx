import { ACTION_LABELS, ACTION_TYPES } from '@monitoring/contracts';
import { Select } from 'antd';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { idsOf, type LogIdFilter, type LogsUrlState } from './logs-url.ts';

const typeOptions = Object.entries(ACTION_TYPES).map(([id, label]) => ({ value: Number(id), label }));
const actionOptions = Object.entries(ACTION_LABELS)
  .map(([value, label]) => ({ value, label: `${label} (${value})` }))
  .sort((a, b) => a.label.localeCompare(b.label, 'ru'));

const ID_FILTERS: { key: LogIdFilter; label: string }[] = [
  { key: 'user_in', label: 'ID пользователя' },
  { key: 'message_in', label: 'ID сообщения' },
  { key: 'theme_in', label: 'ID темы' },
  { key: 'info_reason_in', label: 'ID инфоповода' },
  { key: 'lom_in', label: 'ID ЛОМ' },
];

interface LogsFiltersProps {
  state: LogsUrlState;
  patch: (change: Partial<LogsUrlState>) => void;
}

/** The filters of /logs; each lands in the URL. */
export function LogsFilters({ state, patch }: LogsFiltersProps) {
  return (
    <section className="filters-panel" aria-label="Фильтры">
      <div className="filters-panel__row">
        <PeriodPicker
          value={{ after: state.created_at_after, before: state.created_at_before }}
          onChange={({ after, before }) => patch({ created_at_after: after, created_at_before: before })}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label="Раздел"
          placeholder="Раздел"
          className="logs-filter logs-filter--type"
          options={typeOptions}
          value={state.type_in}
          onChange={(type_in: number[]) => patch({ type_in })}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label="Кроме разделов"
          placeholder="Кроме разделов"
          className="logs-filter logs-filter--type"
          options={typeOptions}
          value={state.type_not_in}
          onChange={(type_not_in: number[]) => patch({ type_not_in })}
        />
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="Действие"
          placeholder="Действие"
          className="logs-filter logs-filter--action"
          options={actionOptions}
          value={state.action_in}
          onChange={(action_in: string[]) => patch({ action_in })}
        />
      </div>
      <div className="filters-panel__row">
        {ID_FILTERS.map(({ key, label }) => (
          <Select
            key={key}
            mode="tags"
            allowClear
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ']}
            aria-label={label}
            placeholder={label}
            className="logs-filter logs-filter--id"
            value={state[key].map(String)}
            onChange={(values: string[]) => patch({ [key]: idsOf(values.join(',')) })}
          />
        ))}
      </div>
    </section>
  );
}
