import { FEED_LIMITS, type FeedKind, type FeedState } from '@monitoring/contracts';

// Russian text of the «Сбор» view of /admin-panel/sources (issue 31, docs/collectors.md): the feeds, their form,
// their fetch log.

export const FEEDS_TEXTS = {
  viewSwitch: 'Вид',
  viewAccounts: 'Аккаунты',
  viewCollect: 'Сбор',
  add: 'Добавить ленту',
  fromSources: 'Создать ленты для источников',
  fromSourcesConfirm: 'Создать ленты для источников?',
  fromSourcesHint:
    'Каждый аккаунт ЛОМ с адресом t.me, vk.com или канала YouTube, у которого ещё нет ленты, получит включённую ' +
    `ленту сбора с интервалом ${FEED_LIMITS.defaultIntervalMinutes} мин.`,
  fromSourcesOk: 'Создать',
  fromSourcesDone: (created: string, checked: string) =>
    `Создано лент: ${created} из ${checked} аккаунтов с адресом ленты`,
  fromSourcesFailed: 'Не удалось создать ленты для источников',
  searchPlaceholder: 'Адрес ленты или ЛОМ',
  kindFilter: 'Вид ленты',
  kindAll: 'Все виды',
  stateFilter: 'Состояние',
  states: {
    all: 'Все',
    enabled: 'Включены',
    disabled: 'Выключены',
    failing: 'С ошибкой',
  } satisfies Record<FeedState, string>,
  found: 'Найдено',
  loadError: 'Не удалось загрузить ленты',
  empty: 'Лент пока нет',
  emptyHint:
    'Лента собирает публикации RSS/Atom (и каналов YouTube), канала Telegram или стены ВКонтакте и привязывает их к ЛОМ.',
  emptyFiltered: 'Лент по этим условиям нет',
  columns: {
    kind: 'Вид',
    url: 'Адрес',
    lom: 'ЛОМ',
    enabled: 'Вкл.',
    interval: 'Интервал',
    lastFetch: 'Последний сбор',
    lastSuccess: 'Последний успех',
    itemsLastDay: 'За сутки',
    error: 'Ошибка',
    nextRun: 'Следующий сбор',
    actions: 'Действия',
  },
  itemsLastDayTitle: 'Сообщений, созданных лентой за последние 24 часа',
  noLom: 'Без ЛОМ',
  never: 'ещё не было',
  enabledLabel: (url: string) => `Лента ${url} включена`,
  intervalLabel: (url: string) => `Интервал ленты ${url}`,
  failuresInRow: (count: string) => `ошибок подряд: ${count}`,
  paused: 'На паузе',
  collect: 'Собрать сейчас',
  runs: 'Журнал',
  edit: 'Изменить',
  remove: 'Удалить',
  removeConfirm: 'Удалить ленту?',
  removeHint: 'Сообщения ленты останутся.',
  removed: 'Лента удалена',
  removeFailed: 'Не удалось удалить ленту',
  switchFailed: 'Не удалось переключить ленту',
  intervalFailed: 'Не удалось изменить интервал',
  cancel: 'Отмена',
  // «Собрать сейчас».
  collectDone: 'Сбор завершён',
  collectFailed: 'Сбор не удался',
  collectCounts: (found: string, created: string, updated: string, skipped: string) =>
    `Найдено ${found}, создано ${created}, обновлено ${updated}, пропущено ${skipped}`,
  // The form.
  newTitle: 'Новая лента',
  editTitle: 'Лента сбора',
  create: 'Создать',
  save: 'Сохранить',
  saved: 'Лента сохранена',
  kind: 'Вид ленты',
  url: 'Адрес ленты',
  urlRequired: 'Введите адрес ленты',
  urlScheme: 'адрес начинается с http:// или https://',
  lom: 'ЛОМ',
  lomPlaceholder: 'Найдите ЛОМ по имени',
  lomHint: 'Сообщения ленты будут привязаны к этому ЛОМ.',
  lomSource: 'Аккаунт ЛОМ',
  lomSourceHint: 'Смена ЛОМ отвяжет ленту от аккаунта.',
  interval: 'Интервал сбора',
  enabled: 'Собирать по расписанию',
  enabledHint: '«Собрать сейчас» работает и у выключенной ленты: так ленту можно проверить до включения.',
  // The fetch log.
  runsTitle: (url: string) => `Журнал ленты ${url}`,
  runsEmpty: 'Сборов ещё не было',
  runsLoadError: 'Не удалось загрузить журнал',
  runColumns: {
    when: 'Когда',
    trigger: 'Запуск',
    status: 'HTTP',
    fetched: 'Найдено',
    created: 'Создано',
    updated: 'Обновлено',
    skipped: 'Пропущено',
    duration: 'Время',
    error: 'Ошибка',
  },
  triggers: { schedule: 'По расписанию', manual: 'Вручную' },
} as const;

/** What the address looks like, per kind: the form's hint and placeholder. */
export const FEED_URL_HINTS: Readonly<Record<FeedKind, { hint: string; placeholder: string }>> = {
  rss: {
    hint: 'Адрес RSS или Atom сайта, или ленты канала YouTube: https://www.youtube.com/feeds/videos.xml?channel_id=UC…',
    placeholder: 'https://example.ru/rss.xml',
  },
  telegram: {
    hint: 'Публичный канал Telegram: https://t.me/канал',
    placeholder: 'https://t.me/канал',
  },
  vk: {
    hint: 'Стена ВКонтакте: https://vk.com/имя (или /club123). Нужен сервисный ключ в настройках.',
    placeholder: 'https://vk.com/имя',
  },
};
