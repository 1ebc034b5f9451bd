import { PickSelect } from './PickSelect.tsx';

/** The classification part of a filter that messages and quotes share. */
export interface ClassificationFilter {
  lom_in?: number[];
  theme_in?: number[];
  info_reason_in?: number[];
}

/** An empty selection clears the filter rather than sending an empty list. */
export const idList = (ids: readonly number[]) => (ids.length ? [...ids] : undefined);

/** Lom, theme and info reason pickers (info reasons narrowed to the chosen themes). */
export function ClassificationPickFilters({
  filter,
  onChange,
}: {
  filter: ClassificationFilter;
  onChange: (patch: ClassificationFilter) => void;
}) {
  return (
    <>
      <PickSelect
        kind="lom"
        mode="multiple"
        placeholder="ЛОМ"
        value={filter.lom_in ?? []}
        onChange={(ids) => onChange({ lom_in: idList(ids) })}
      />
      <PickSelect
        kind="theme"
        mode="multiple"
        placeholder="Темы"
        value={filter.theme_in ?? []}
        onChange={(ids) => onChange({ theme_in: idList(ids) })}
      />
      <PickSelect
        kind="info_reason"
        mode="multiple"
        placeholder="Инфоповоды"
        value={filter.info_reason_in ?? []}
        extra={{ theme_in: filter.theme_in }}
        onChange={(ids) => onChange({ info_reason_in: idList(ids) })}
      />
    </>
  );
}
