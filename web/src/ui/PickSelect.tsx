import type { PickItem } from '@monitoring/contracts';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { type PickListKind, type PickListParams, usePickList, usePickNames } from '../api/pick-lists.ts';
import { useDebouncedValue } from '../lib/useDebouncedValue.ts';

interface BaseProps {
  kind: PickListKind;
  placeholder: string;
  /** The accessible name when the placeholder is not one (a form field labelled apart); the placeholder by default. */
  ariaLabel?: string;
  /** Items the page already knows (the message's own links), offered even without the directory. */
  known?: readonly PickItem[];
  extra?: PickListParams['extra'];
  disabled?: boolean;
  className?: string;
  autoFocus?: boolean;
}

interface MultiProps extends BaseProps {
  mode: 'multiple';
  value: readonly number[];
  onChange: (ids: number[], items: PickItem[]) => void;
}

interface SingleProps extends BaseProps {
  mode?: 'single';
  value: number | null | undefined;
  onChange: (id: number | null, item: PickItem | null) => void;
}

/** Options: directory results, then known and resolved items, each id once. */
function mergeOptions(...lists: (readonly PickItem[] | undefined)[]): PickItem[] {
  const seen = new Map<number, PickItem>();
  for (const list of lists) {
    for (const item of list ?? [])
      if (!seen.has(item.id) || !seen.get(item.id)?.name) seen.set(item.id, item);
  }
  return [...seen.values()];
}

/**
 * A select over a directory (loms, themes, info reasons, rubrics, …) with server
 * search (300 ms debounce). Selected ids without a known name show as «#id».
 */
export function PickSelect(props: MultiProps | SingleProps) {
  const { kind, placeholder, ariaLabel, known, extra, disabled, className, autoFocus } = props;
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(search, 300);
  const selected = props.mode === 'multiple' ? props.value : props.value ? [props.value] : [];
  const list = usePickList(kind, { search: debounced, extra }, open);
  const names = usePickNames(
    kind,
    selected.filter((id) => !known?.some((item) => item.id === id)),
  );
  const items = useMemo(
    () =>
      mergeOptions(
        list.data,
        known,
        names.data,
        selected.map((id) => ({ id, name: `#${id}` })),
      ),
    [list.data, known, names.data, selected],
  );
  const options = items.map((item) => ({ value: item.id, label: item.name }));
  const byId = (id: number) => items.find((item) => item.id === id) ?? { id, name: `#${id}` };

  const common = {
    className: className ?? 'pick-select',
    'aria-label': ariaLabel ?? placeholder,
    placeholder,
    options,
    disabled,
    autoFocus,
    showSearch: {
      onSearch: setSearch,
      // The directory already searched; this narrows the known items when it is not served.
      filterOption: (input: string, option?: { label?: unknown }) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.trim().toLowerCase()),
    },
    onOpenChange: setOpen,
    loading: list.isFetching,
    allowClear: true,
    notFoundContent: list.isFetching ? 'Загрузка…' : 'Ничего не найдено',
    popupMatchSelectWidth: false,
  } as const;

  if (props.mode === 'multiple') {
    const { onChange } = props;
    return (
      <Select<number[]>
        {...common}
        mode="multiple"
        maxTagCount="responsive"
        value={[...props.value]}
        onChange={(ids) => onChange(ids, ids.map(byId))}
      />
    );
  }
  const { onChange } = props;
  return (
    <Select<number>
      {...common}
      value={props.value ?? undefined}
      onChange={(id) => onChange(id ?? null, id === undefined || id === null ? null : byId(id))}
    />
  );
}
