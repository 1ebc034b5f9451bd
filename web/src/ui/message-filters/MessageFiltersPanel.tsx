import './message-filters.css';
import {
  DEFAULT_MESSAGE_ORDERING,
  MESSAGE_ORDERINGS,
  MESSAGE_STATUS_IDS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TYPE_IDS,
  MESSAGE_TYPE_LABELS,
  type MessageFilterFlag,
  type MessageFilterParams,
  type MessageOrdering,
} from '@monitoring/contracts';
import { Button, Select, Tag } from 'antd';
import { useCan } from '../../api/useCan.ts';
import { ClassificationPickFilters, idList } from '../ClassificationPickFilters.tsx';
import { MoodMultiSelect } from '../MoodSelect.tsx';
import { PeriodPicker } from '../PeriodPicker.tsx';
import { PickSelect } from '../PickSelect.tsx';
import { SearchQueryInput } from '../SearchQueryInput.tsx';
import { FlagFilterSelect } from './FlagFilterSelect.tsx';
import { hasConditions } from './filter-conditions.ts';
import { visibleFilterFlags } from './filter-panel-layout.ts';
import { FLAG_FILTER_LABELS, ORDERING_LABELS, FILTER_TEXTS as TEXTS } from './texts.ts';

interface MessageFiltersPanelProps {
  filter: MessageFilterParams;
  onChange: (patch: Partial<MessageFilterParams>, options?: { replace?: boolean }) => void;
  onReset: () => void;
  /** Flags the tab fixes itself (verified on «Проверенные»). */
  lockedFlags?: readonly MessageFilterFlag[];
  /** Leave out the list ordering (a new dashboard's filter has none: its charts are not a list). */
  hideOrdering?: boolean;
}

const typeOptions = MESSAGE_TYPE_IDS.map((id) => ({ value: id, label: MESSAGE_TYPE_LABELS[id] }));
const statusOptions = MESSAGE_STATUS_IDS.map((id) => ({ value: id, label: MESSAGE_STATUS_LABELS[id] }));
const orderingOptions = MESSAGE_ORDERINGS.map((value) => ({ value, label: ORDERING_LABELS[value] }));
/** Relevance ranks what a search found: without a search it is not offered (the server would sort by date). */
const RELEVANCE: MessageOrdering = '-relevance';
const orderingOptionsWithoutSearch = orderingOptions.filter((option) => option.value !== RELEVANCE);

/** The search changes; ordering by relevance goes with the search it ranked. */
export function searchPatch(
  filter: MessageFilterParams,
  search: string | undefined,
): Partial<MessageFilterParams> {
  return !search && filter.ordering === RELEVANCE ? { search, ordering: undefined } : { search };
}

/**
 * Every filter of the messages page (product.md §5); each change goes to `onChange` (the messages page puts it
 * in the URL, the new dashboards' settings dialog in its form).
 */
export function MessageFiltersPanel({
  filter,
  onChange,
  onReset,
  lockedFlags = [],
  hideOrdering = false,
}: MessageFiltersPanelProps) {
  const can = useCan();
  const flags = visibleFilterFlags(can);
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
            onSearch={(search) => onChange(searchPatch(filter, search), { replace: true })}
          />
        </div>
        {hideOrdering ? null : (
          <Select
            className="filters-panel__ordering"
            aria-label={TEXTS.ordering}
            value={
              filter.ordering && (filter.search || filter.ordering !== RELEVANCE)
                ? filter.ordering
                : DEFAULT_MESSAGE_ORDERING
            }
            options={filter.search ? orderingOptions : orderingOptionsWithoutSearch}
            onChange={(ordering) =>
              onChange({ ordering: ordering === DEFAULT_MESSAGE_ORDERING ? undefined : ordering })
            }
            popupMatchSelectWidth={false}
          />
        )}
      </div>
      <div className="filters-panel__grid">
        <ClassificationPickFilters filter={filter} onChange={onChange} />
        <PickSelect
          kind="rubric"
          mode="multiple"
          placeholder={TEXTS.rubrics}
          value={filter.rubric_in ?? []}
          onChange={(ids) => onChange({ rubric_in: idList(ids) })}
        />
        <PickSelect
          kind="region"
          mode="multiple"
          placeholder={TEXTS.regions}
          value={filter.region_in ?? []}
          onChange={(ids) => onChange({ region_in: idList(ids) })}
        />
        <PickSelect
          kind="source"
          mode="multiple"
          placeholder={TEXTS.sources}
          value={filter.source_in ?? []}
          onChange={(ids) => onChange({ source_in: idList(ids) })}
        />
        <Select<number[]>
          mode="multiple"
          aria-label={TEXTS.messageTypes}
          placeholder={TEXTS.messageTypes}
          value={filter.message_type_in ?? []}
          options={typeOptions}
          maxTagCount="responsive"
          allowClear
          onChange={(ids) => onChange({ message_type_in: idList(ids) })}
        />
        {can('USE_CONTENT_TYPE_FILTER') ? (
          <PickSelect
            kind="content_type"
            mode="multiple"
            placeholder={TEXTS.contentTypes}
            value={filter.type_in ?? []}
            onChange={(ids) => onChange({ type_in: idList(ids) })}
          />
        ) : null}
        <Select<number[]>
          mode="multiple"
          aria-label={TEXTS.states}
          placeholder={TEXTS.states}
          value={filter.state_in ?? []}
          options={statusOptions}
          maxTagCount="responsive"
          allowClear
          onChange={(ids) => onChange({ state_in: idList(ids) })}
        />
        <MoodMultiSelect
          value={filter.mood_in ?? []}
          onChange={(ids) => onChange({ mood_in: idList(ids) })}
        />
      </div>
      <div className="filters-panel__row filters-panel__flags">
        {flags.map((flag) => (
          <FlagFilterSelect
            key={flag}
            label={FLAG_FILTER_LABELS[flag] ?? flag}
            value={filter[flag]}
            disabled={lockedFlags.includes(flag)}
            onChange={(value) => onChange({ [flag]: value })}
          />
        ))}
        <Button type="link" onClick={onReset} disabled={!hasConditions(filter)}>
          {TEXTS.reset}
        </Button>
      </div>
      {filter.soc_panel || filter.panelist || filter.id_in?.length ? (
        <div className="filters-panel__row">
          {filter.soc_panel ? (
            <Tag closable onClose={() => onChange({ soc_panel: undefined })}>
              {TEXTS.socPanel(filter.soc_panel)}
            </Tag>
          ) : null}
          {filter.panelist ? (
            <Tag closable onClose={() => onChange({ panelist: undefined })}>
              {TEXTS.panelist(filter.panelist)}
            </Tag>
          ) : null}
          {filter.id_in?.length ? (
            <Tag closable onClose={() => onChange({ id_in: undefined })}>
              {TEXTS.idIn(filter.id_in.length)}
            </Tag>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
