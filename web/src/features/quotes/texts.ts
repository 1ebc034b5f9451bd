import type { RuPluralForms } from '@monitoring/contracts';

// Russian text of the quotes page in one place.

export const QUOTE_FORMS: RuPluralForms = ['цитата', 'цитаты', 'цитат'];
export const LOM_FORMS: RuPluralForms = ['ЛОМ', 'ЛОМ', 'ЛОМ'];

export const TEXTS = {
  search: 'Поиск по тексту цитаты',
  loms: 'ЛОМ',
  themes: 'Темы',
  infoReasons: 'Инфоповоды',
  reset: 'Сбросить фильтры',
  moodTable: 'Тональность цитат',
  lomStat: 'ЛОМ по цитатам',
  countTitle: 'Цитат',
  groups: 'Цитаты по ЛОМ',
  withoutLom: 'Без ЛОМ',
  empty: 'Цитат не найдено',
  loadError: 'Не удалось загрузить цитаты',
  loadMore: 'Показать ещё ЛОМ',
  shownLoms: (shown: number, total: string) => `Показано ЛОМ: ${shown} из ${total}`,
  shownQuotes: (shown: number, total: number) => `Показаны ${shown} из ${total}`,
  allQuotes: 'Все цитаты ЛОМ',
  collapse: 'Свернуть',
  confirmTitle: 'Удалить цитату?',
  confirmOk: 'Удалить',
  confirmCancel: 'Отмена',
  removed: 'Цитата удалена',
  removeError: 'Не удалось удалить цитату',
  excel: 'Выгрузить в Excel',
  excelTitle: 'Цитаты в Excel',
} as const;
