import { type AlertFilters, formatNumber } from '@monitoring/contracts';

// What an alert or a digest watches, in one Russian line for its list and its notifications (docs/alerts.md):
// «Запрос: газпром OR роснефть · ЛОМы: 3, тональности: 2», «Тема: Выборы 2026», «Группа ЛОМов: Губернаторы».

/** The filter lists in the order and words of the label. */
const FILTER_LABELS: ReadonlyArray<readonly [keyof AlertFilters, string]> = [
  ['lom_in', 'ЛОМы'],
  ['lom_group_in', 'группы ЛОМов'],
  ['theme_in', 'темы'],
  ['info_reason_in', 'инфоповоды'],
  ['mood_in', 'тональности'],
  ['source_in', 'источники'],
  ['message_type_in', 'типы сообщений'],
];

/** A stored target with the names of what it points at (null when it points at nothing of that kind). */
export interface TargetNames {
  query: string | null;
  filters: Readonly<Record<string, readonly number[]>>;
  themeId: number | null;
  themeName: string | null;
  personalThemeId: number | null;
  personalThemeName: string | null;
  lomGroupId: number | null;
  lomGroupTitle: string | null;
}

/** «ЛОМы: 3, тональности: 2»: how many values each narrowing list holds, or '' without any. */
export function filtersLabel(filters: Readonly<Record<string, readonly number[]>>): string {
  return FILTER_LABELS.filter(([key]) => (filters[key]?.length ?? 0) > 0)
    .map(([key, words]) => `${words}: ${formatNumber(filters[key]?.length ?? 0)}`)
    .join(', ');
}

export function targetLabel(target: TargetNames): string {
  if (target.themeId != null) return `Тема: ${target.themeName ?? `№ ${target.themeId}`}`;
  if (target.personalThemeId != null)
    return `Личная тема: ${target.personalThemeName ?? `№ ${target.personalThemeId}`}`;
  if (target.lomGroupId != null) return `Группа ЛОМов: ${target.lomGroupTitle || `№ ${target.lomGroupId}`}`;
  const filters = filtersLabel(target.filters);
  if (target.query) return filters ? `Запрос: ${target.query} · ${filters}` : `Запрос: ${target.query}`;
  return filters ? `Фильтры: ${filters}` : 'Все сообщения';
}
