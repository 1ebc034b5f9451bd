import type { MessageFilterFlag, MessageOrdering } from '@monitoring/contracts';

// Russian text of the messages area in one place.

export const TAB_LABELS = {
  0: 'Сообщения',
  1: 'Проверенные',
  2: 'Тональность и ЛОМ',
  3: 'Зефир',
} as const;

export const FLAG_FILTER_LABELS: Partial<Record<MessageFilterFlag, string>> = {
  verified: 'Проверено',
  verified_by_super_editor: 'Одобрено',
  archived: 'В архиве',
  delayed: 'Отложено',
  trash: 'В корзине',
  is_manual: 'Созданы редакторами',
};

export const ORDERING_LABELS: Record<MessageOrdering, string> = {
  '-wrote_at': 'Сначала новые',
  wrote_at: 'Сначала старые',
  '-si': 'Si по убыванию',
  si: 'Si по возрастанию',
  '-number_views': 'Просмотры по убыванию',
  number_views: 'Просмотры по возрастанию',
  '-repost_count': 'Репосты по убыванию',
  repost_count: 'Репосты по возрастанию',
};

export const STAT_LABELS = { si: 'Si', views: 'Просмотры', reposts: 'Репосты' } as const;

export const TEXTS = {
  empty: 'Сообщений не найдено',
  loadMore: 'Показать ещё',
  search: 'Поиск по тексту и автору',
  reset: 'Сбросить фильтры',
  period: 'Период',
  loms: 'ЛОМ',
  themes: 'Темы',
  infoReasons: 'Инфоповоды',
  rubrics: 'Сегменты',
  regions: 'Регионы',
  messageTypes: 'Типы сообщений',
  contentTypes: 'Типы контента',
  states: 'Статусы',
  moods: 'Тональность',
  ordering: 'Сортировка',
  any: 'Все',
  yes: 'Да',
  no: 'Нет',
  selected: (n: number) => `Выбрано: ${n}`,
  massEdit: 'Изменить выбранные',
  clearSelection: 'Снять выделение',
  selectPage: 'Выбрать все на экране',
  approve: 'Одобрить выбранные',
  approved: (n: number) => `Одобрено сообщений: ${n}`,
  updated: (n: number) => `Изменено сообщений: ${n}`,
  loadError: 'Не удалось загрузить сообщения',
  shown: (shown: number, total: string) => `Показано ${shown} из ${total}`,
  addMessage: 'Добавить сообщение',
  reports: 'Отчёты',
  lomStat: 'ЛОМ',
  moodTable: 'Тональность проверенных сообщений',
} as const;
