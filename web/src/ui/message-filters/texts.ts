import type { MessageFilterFlag, MessageOrdering } from '@monitoring/contracts';

// Russian text of the message filter panel (the messages page and the new dashboards' settings).

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
  '-relevance': 'По релевантности',
};

export const FILTER_TEXTS = {
  /** The marker panel's filters come as links from /social-panel; they show as removable tags. */
  socPanel: (id: number) => `Маркерная панель № ${id}: ЛОМ панели`,
  panelist: (id: number) => `Участник панели № ${id}: его ЛОМ`,
  /** Messages chosen by id, as the marker panel's viral content links to them. */
  idIn: (count: number) => `Выбранные сообщения: ${count}`,
  reset: 'Сбросить фильтры',
  period: 'Период',
  loms: 'ЛОМ',
  themes: 'Темы',
  infoReasons: 'Инфоповоды',
  rubrics: 'Сегменты',
  regions: 'Регионы',
  sources: 'Площадки',
  messageTypes: 'Типы сообщений',
  contentTypes: 'Типы контента',
  states: 'Статусы',
  moods: 'Тональность',
  ordering: 'Сортировка',
  any: 'Все',
  yes: 'Да',
  no: 'Нет',
} as const;
