// Russian text of the messages area in one place.

export const TAB_LABELS = {
  0: 'Сообщения',
  1: 'Проверенные',
  2: 'Тональность и ЛОМ',
  3: 'Зефир',
} as const;

export const STAT_LABELS = { si: 'Si', views: 'Просмотры', reposts: 'Репосты' } as const;

export const TEXTS = {
  empty: 'Сообщений не найдено',
  loadMore: 'Показать ещё',
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
