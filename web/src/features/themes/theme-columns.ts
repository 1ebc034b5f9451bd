import { MEDIAN_MISSING_LABEL, type ThemeListGroupStats } from '@monitoring/contracts';

const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** The median Si of a message group, or 'Не имеет' when the group is empty (product.md §3). */
export function formatMedian(stats: ThemeListGroupStats | null | undefined): string {
  const median = stats?.median;
  return typeof median === 'number' && Number.isFinite(median)
    ? decimal.format(median)
    : MEDIAN_MISSING_LABEL;
}

/** The group's share of the theme's messages: '12,5 %'. */
export function formatPercentage(stats: ThemeListGroupStats | null | undefined): string {
  const value = stats?.percentage;
  return `${decimal.format(typeof value === 'number' && Number.isFinite(value) ? value : 0)} %`;
}

/** The message groups of a row, in column order. */
export const THEME_GROUP_COLUMNS = [
  { key: 'trash', title: 'Корзина', hint: 'Сообщения, отправленные в корзину' },
  { key: 'moods', title: 'С тональностью', hint: 'Сообщения с указанной тональностью' },
  { key: 'not_trash', title: 'Не корзина', hint: 'Сообщения вне корзины' },
] as const;
