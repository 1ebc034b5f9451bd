/** The Russian text of the report blocks (the picture of the day and the statistics tabs). */
export const REPORT_TEXTS = {
  period: 'Период',
  sort: 'Сортировка',
  dynamics: 'Динамика по дням',
  themes: 'Темы',
  infoReasons: 'Инфоповоды',
  loms: 'ЛОМ',
  topThemes: 'Топ-10 тем',
  topInfoReasons: 'Топ-10 инфоповодов',
  loadMore: 'Показать ещё',
  messages: 'Сообщений',
  withThemes: 'С темами',
  si: 'Si',
  views: 'Просмотры',
  openMessages: 'Открыть сообщения',
  empty: 'Нет данных',
  /** «Не удалось загрузить: ЛОМ». */
  failed: (what: string) => `Не удалось загрузить: ${what}`,
  numbers: 'Статистика сообщений',
} as const;
