import type { RelationLinkKind, RuPluralForms } from '@monitoring/contracts';

// Russian text of the groups, relations, rubrics and involvements tabs of the lom card.

export const GROUP_FORMS: RuPluralForms = ['группа', 'группы', 'групп'];
export const MEMBER_FORMS: RuPluralForms = ['участник', 'участника', 'участников'];
export const PROJECT_FORMS: RuPluralForms = ['проект', 'проекта', 'проектов'];

export const GROUP_TEXTS = {
  title: 'Группы ВКонтакте',
  shown: (shown: number, total: string) => `Показано групп: ${shown} из ${total}`,
  empty: 'Групп ВКонтакте у ЛОМ нет',
  loadError: 'Не удалось загрузить группы ВКонтакте',
  more: 'Показать ещё',
  load: 'Загрузить группы',
  loadable: (count: number) => `Новых страниц ВКонтакте в подписках ЛОМ: ${count}`,
  nothingToLoad: 'Новых групп ВКонтакте в подписках ЛОМ нет',
  loaded: (count: number) =>
    count > 0 ? `Загружено групп ВКонтакте: ${count}` : 'Новых групп в подписках не нашлось',
  loadFailed: 'Не удалось загрузить группы из подписок',
  index: (value: string) => `Индекс: ${value}`,
  noIndex: 'Индекс не рассчитан',
  subscriptions: 'Подписки ЛОМ',
  subscriptionsEmpty: 'Подписок у ЛОМ нет',
  subscriptionsError: 'Не удалось загрузить подписки',
  subscribers: (value: string) => `подписчиков: ${value}`,
  vk: 'ВКонтакте',
  seenOn: (source: string) => `через ${source}`,
  isLom: 'ЛОМ',
} as const;

export const RELATION_TEXTS = {
  byLabel: 'Вес связей:',
  views: 'Просмотры',
  messages: 'Сообщения',
  chart: 'Граф связей ЛОМ',
  empty: 'За период связей не найдено: нет публикаций с темами и выступлений',
  loadError: 'Не удалось загрузить граф связей',
  note: (last: string) =>
    `Связи по публикациям за период до ${last} включительно (последний день периода не учитывается). Узел можно перетащить; щелчок по ЛОМ или теме открывает его страницу.`,
  categories: { centre: 'ЛОМ', theme: 'Темы', lom: 'Связанные ЛОМ' },
  table: { name: 'Связь', kind: 'Как связаны', messages: 'Сообщения', views: 'Просмотры' },
} as const;

export const RELATION_LINK_LABELS: Readonly<Record<RelationLinkKind, string>> = {
  theme: 'Тема публикаций ЛОМ',
  co_theme: 'Пишет на общую тему',
  guest: 'Выступал у ЛОМ',
  host: 'ЛОМ выступал у него',
};

export const RUBRIC_TEXTS = {
  byLabel: 'Показатель:',
  si: 'Si',
  messages: 'Сообщения',
  chart: 'Рубрики публикаций ЛОМ по периодам',
  empty: 'За период у публикаций ЛОМ нет рубрик',
  loadError: 'Не удалось загрузить рубрики',
  others: 'Другие рубрики',
  summary: (messages: string, si: string) => `Публикаций ЛОМ за период: ${messages}, Si: ${si}`,
  lomRubric: 'Сегмент ЛОМ',
  table: { name: 'Рубрика', messages: 'Сообщения', si: 'Si', share: 'Доля публикаций' },
  types: { rubric: 'рубрика', theme: 'тематическая' } as Record<string, string>,
} as const;

export const INVOLVEMENT_TEXTS = {
  scope: 'Проекты:',
  period: 'За период карточки',
  all: 'За всё время',
  showAll: 'Показать за всё время',
  empty: 'Проектов продюсерских центров за период нет',
  emptyAll: 'ЛОМ не участвовал в проектах продюсерских центров',
  loadError: 'Не удалось загрузить данные о вовлечённости',
  periodChart: 'По месяцам',
  totalChart: 'Итоги',
  valuesChart: 'Значения по проектам',
  typesChart: 'По типам проектов',
  planChart: 'Плановые показатели интеграции, %',
  planNote:
    'Факт 2025 года и планы на 2026 и 2030 годы заданы постоянными значениями, а не рассчитаны по данным ЛОМ.',
  planSeries: (chart: number) => `Показатель ${chart}`,
  projects: 'Проектов',
  fee: 'Гонорары, ₽',
  grants: 'Гранты, ₽',
  list: 'Проекты',
  table: {
    title: 'Проект',
    type: 'Тип',
    customer: 'Заказчик',
    day: 'Дата',
    approval: 'Согласование',
    fee: 'Гонорар, ₽',
    grant: 'Грант, ₽',
  },
} as const;
