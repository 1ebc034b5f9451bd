import { MESSAGE_TYPE_IDS, MESSAGE_TYPE_LABELS, type Mood, type PickListKind } from '@monitoring/contracts';
import { Form, type FormInstance, Input, Radio, Select } from 'antd';
import { useRef, useState } from 'react';
import { type TargetChoice, useLomGroupChoices, usePersonalThemeChoices } from '../../api/alerts.ts';
import { useCan } from '../../api/useCan.ts';
import { checkSearchQuery } from '../../lib/search-query-check.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { ClassificationPickFilters, idList } from '../../ui/ClassificationPickFilters.tsx';
import { MoodMultiSelect } from '../../ui/MoodSelect.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { SearchQueryMirror } from '../../ui/SearchQueryMirror.tsx';
import { SearchSyntaxHelp } from '../../ui/SearchSyntaxHelp.tsx';
import type { FilterValues, TargetFormValues, TargetKind } from './target-form.ts';
import { TARGET_TEXTS as T } from './texts.ts';

const TARGET_LABELS: Record<TargetKind, string> = {
  query: T.query,
  theme: T.theme,
  personal_theme: T.personalTheme,
  lom_group: T.lomGroup,
};

const typeOptions = MESSAGE_TYPE_IDS.map((id) => ({ value: id, label: MESSAGE_TYPE_LABELS[id] }));

/**
 * The query box of the form: the query language checked as it is typed with the parser the server uses; the
 * error's span is underlined in the box (the mirror of the messages' search box) and the Russian message with its
 * position shows under it (the rule of the form item).
 */
function QueryInput({
  id,
  value = '',
  onChange,
  'aria-describedby': describedBy,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The form item's message (its help), given by the item. */
  'aria-describedby'?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const check = checkSearchQuery(value);
  return (
    <div className="search-query__row">
      <div className="search-query__field" ref={frame}>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder={T.queryPlaceholder}
          status={check.ok ? undefined : 'error'}
          aria-invalid={check.ok ? undefined : true}
          aria-describedby={describedBy}
          autoComplete="off"
        />
        {check.ok ? null : <SearchQueryMirror frame={frame} text={value} error={check.span} />}
      </div>
      <SearchSyntaxHelp />
    </div>
  );
}

/** The optional filters of a query target: every list narrows (AND). */
function FiltersInput({
  value = {},
  onChange,
  withLomGroups,
}: {
  value?: FilterValues;
  onChange?: (value: FilterValues) => void;
  withLomGroups: boolean;
}) {
  const change = (patch: FilterValues) => onChange?.({ ...value, ...patch });
  return (
    <div className="alert-form__filters">
      <ClassificationPickFilters filter={value} onChange={change} />
      <PickSelect
        kind="source"
        mode="multiple"
        placeholder={T.sources}
        value={value.source_in ?? []}
        onChange={(ids) => change({ source_in: idList(ids) })}
      />
      <Select<number[]>
        mode="multiple"
        aria-label={T.messageTypes}
        placeholder={T.messageTypes}
        value={value.message_type_in ?? []}
        options={typeOptions}
        maxTagCount="responsive"
        allowClear
        onChange={(ids) => change({ message_type_in: idList(ids) })}
      />
      <MoodMultiSelect
        value={value.mood_in ?? []}
        placeholder={T.moods}
        onChange={(moods: Mood[]) => change({ mood_in: idList(moods) })}
      />
      {withLomGroups ? (
        <LomGroupSelect
          multiple
          value={value.lom_group_in ?? []}
          onChange={(ids) => change({ lom_group_in: idList(ids) })}
        />
      ) : null}
    </div>
  );
}

/** A single pick from a directory as a form control (the form item gives value and onChange). */
function PickField({
  kind,
  label,
  id,
  value,
  onChange,
}: {
  kind: PickListKind;
  label: string;
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
}) {
  return (
    <div id={id}>
      <PickSelect kind={kind} placeholder={label} value={value} onChange={(next) => onChange?.(next)} />
    </div>
  );
}

interface ChoiceSelectProps {
  label: string;
  choices: TargetChoice[] | undefined;
  loading: boolean;
  onSearch: (text: string) => void;
}

function choiceOptions(choices: TargetChoice[] | undefined) {
  return (choices ?? []).map((choice) => ({ value: choice.id, label: choice.name }));
}

const choiceCommon = ({ label, choices, loading, onSearch }: ChoiceSelectProps) =>
  ({
    className: 'pick-select',
    'aria-label': label,
    placeholder: label,
    options: choiceOptions(choices),
    loading,
    allowClear: true,
    showSearch: { onSearch, filterOption: false },
    notFoundContent: loading ? T.loading : T.nothing,
    popupMatchSelectWidth: false,
  }) as const;

function PersonalThemeSelect({
  value,
  onChange,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const choices = usePersonalThemeChoices(debounced, value, true);
  return (
    <Select<number>
      {...choiceCommon({
        label: T.personalTheme,
        choices: choices.data,
        loading: choices.isFetching,
        onSearch: setSearch,
      })}
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
    />
  );
}

type LomGroupSelectProps =
  | { multiple: true; value: number[]; onChange: (ids: number[]) => void }
  | { multiple?: false; value?: number | null; onChange?: (id: number | null) => void };

function LomGroupSelect(props: LomGroupSelectProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(search, 300);
  const chosen = props.multiple ? props.value : props.value ? [props.value] : [];
  const choices = useLomGroupChoices(debounced, chosen, open || chosen.length > 0);
  const common = {
    ...choiceCommon({
      label: props.multiple ? T.lomGroups : T.lomGroup,
      choices: choices.data,
      loading: choices.isFetching,
      onSearch: setSearch,
    }),
    onOpenChange: setOpen,
  };
  if (props.multiple) {
    const { onChange } = props;
    return (
      <Select<number[]>
        {...common}
        mode="multiple"
        maxTagCount="responsive"
        value={props.value}
        onChange={(ids) => onChange(ids)}
      />
    );
  }
  const { onChange } = props;
  return (
    <Select<number> {...common} value={props.value ?? undefined} onChange={(id) => onChange?.(id ?? null)} />
  );
}

/** May the caller read personal themes and lom groups (their lists' guards)? */
function useTargetAccess() {
  const can = useCan();
  return {
    personalThemes: can('MESSAGES') || can('THEMES_DASHBOARD') || can('CREATE_PERSONAL_THEME'),
    lomGroups: can('LOMS'),
  };
}

/**
 * «Что отслеживать» of the alert and digest forms: a query with optional filters, a theme, a personal theme or a
 * lom group (the choices whose lists the caller may read).
 */
export function TargetFields<V extends TargetFormValues>({ form }: { form: FormInstance<V> }) {
  const access = useTargetAccess();
  const target = (Form.useWatch('target', form) as TargetKind | undefined) ?? 'query';
  const kinds: TargetKind[] = [
    'query',
    'theme',
    ...(access.personalThemes ? (['personal_theme'] as const) : []),
    ...(access.lomGroups ? (['lom_group'] as const) : []),
  ];
  return (
    <fieldset className="alert-form__group">
      <legend>{T.legend}</legend>
      <Form.Item name="target" noStyle>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-label={T.legend}
          options={kinds.map((kind) => ({ value: kind, label: TARGET_LABELS[kind] }))}
          className="alert-form__target"
        />
      </Form.Item>
      {target === 'query' ? (
        <>
          <Form.Item
            name="query"
            label={T.query}
            dependencies={['filters']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  const check = checkSearchQuery(value ?? '');
                  if (!check.ok) throw new Error(check.message);
                  const filters = (getFieldValue('filters') ?? {}) as FilterValues;
                  if (!check.search && !Object.values(filters).some((ids) => ids && ids.length > 0))
                    throw new Error(T.queryOrFilters);
                },
              }),
            ]}
          >
            <QueryInput />
          </Form.Item>
          <fieldset className="alert-form__subgroup">
            <legend>{T.filters}</legend>
            <Form.Item name="filters" noStyle>
              <FiltersInput withLomGroups={access.lomGroups} />
            </Form.Item>
          </fieldset>
        </>
      ) : null}
      {target === 'theme' ? (
        <Form.Item name="theme_id" label={T.theme} rules={[{ required: true, message: T.themeRequired }]}>
          <PickField kind="theme" label={T.theme} />
        </Form.Item>
      ) : null}
      {target === 'personal_theme' ? (
        <Form.Item
          name="personal_theme_id"
          label={T.personalTheme}
          rules={[{ required: true, message: T.personalThemeRequired }]}
        >
          <PersonalThemeSelect />
        </Form.Item>
      ) : null}
      {target === 'lom_group' ? (
        <Form.Item
          name="lom_group_id"
          label={T.lomGroup}
          rules={[{ required: true, message: T.lomGroupRequired }]}
        >
          <LomGroupSelect />
        </Form.Item>
      ) : null}
    </fieldset>
  );
}
