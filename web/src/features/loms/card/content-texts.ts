import type { RuPluralForms } from '@monitoring/contracts';

// Russian text of the lom card's content tabs (publications, quotes, speech, comments, facts, cooperation).

export const PUBLICATION_FORMS: RuPluralForms = ['публикация', 'публикации', 'публикаций'];
export const QUOTE_FORMS: RuPluralForms = ['цитата', 'цитаты', 'цитат'];
export const SPEECH_FORMS: RuPluralForms = ['выступление', 'выступления', 'выступлений'];
export const COMMENT_FORMS: RuPluralForms = ['комментарий', 'комментария', 'комментариев'];

export const CONTENT_TEXTS = {
  periodTotal: (count: string, noun: string) => `За период: ${count} ${noun}`,
  loadError: 'Не удалось загрузить данные вкладки',
  retry: 'Повторить',

  publicationsChart: 'Публикации по дням',
  publicationsChartError: 'Не удалось загрузить график публикаций',
  publicationsEmpty: 'За период публикаций нет',
  chartSeries: 'Публикации',

  quotesEmpty: 'За период цитат нет',

  speechEmpty: 'За период ЛОМ не выступал в эфире',
  speechAt: (time: string) => `Выступление с ${time}`,
  speechNoTime: 'Время выступления не отмечено',

  commentsEmpty: 'Под публикациями периода комментариев нет',
  commentUnder: 'К публикации',
  commentLikes: 'Отметки «нравится»',

  factsScope: 'Показывать факты',
  factsAll: 'За всё время',
  factsPeriod: 'За период карточки',
  factsEmpty: 'Фактов нет',
  factsTypeEmpty: 'Нет',
  articlesNone: 'Статей нет',
  articleOpen: (headline: string) => `Открыть статью «${headline}»`,
  articleSource: 'Источник',
  articleTitle: 'Статья',
  articleError: 'Не удалось загрузить статью',
  articleEmptyText: 'Текста статьи нет',
  articleFacts: 'Факты, которые подтверждает статья',

  searchTitle: 'Результаты поиска в интернете',
  searchRefresh: 'Обновить',
  searchRefreshHint:
    'Поиск в интернете не подключён: обновление перечитывает сохранённые результаты и отмечает время обновления.',
  searchCachedAt: (at: string) => `Обновлено: ${at}`,
  searchNeverCached: 'Ещё не обновлялись',
  searchEmpty: 'Сохранённых результатов поиска нет',
  searchError: 'Не удалось загрузить результаты поиска',
  searchRefreshError: 'Не удалось обновить результаты поиска',
  searchUpdated: (at: string) => `изменено ${at}`,

  cooperationTitle: 'Статус сотрудничества',
  cooperationSave: 'Сохранить',
  cooperationSaved: 'Статус сотрудничества сохранён',
  cooperationReadOnly: 'Изменять статус может пользователь с правом редактирования ЛОМ.',
  cooperationStatusesError: 'Не удалось загрузить статусы сотрудничества',
  cooperationHidden: 'Статус сотрудничества недоступен',
} as const;
