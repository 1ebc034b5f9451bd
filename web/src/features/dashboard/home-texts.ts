/** The Russian text of the picture of the day (the report blocks' own: ui/report/report-texts.ts). */
export const HOME_TEXTS = {
  settings: 'Настроить дашборды',
  noDashboards: 'У вас пока нет ежедневных дашбордов. Создайте первый в настройках.',
  noMessages: 'За выбранный период сообщений по этому дашборду нет: показаны нулевые значения.',
  moodTable: 'Тональность проверенных сообщений',
  privateTag: 'Личный',
  publicTag: 'Публичный',
} as const;

export const SETTINGS_TEXTS = {
  title: 'Настройки ежедневных дашбордов',
  create: 'Новый дашборд',
  edit: 'Изменить',
  save: 'Сохранить',
  cancel: 'Отмена',
  delete: 'Удалить',
  deleteConfirm: 'Удалить дашборд? Это действие нельзя отменить.',
  up: 'Выше',
  down: 'Ниже',
  name: 'Название',
  shortName: 'Короткое название (вкладка)',
  types: 'Блоки',
  typesHint: 'Ничего не выбрано: вкладка показывает все блоки',
  themes: 'Темы',
  themesHint: 'Без тем: все сообщения за период',
  makePrivate: 'Сделать личным',
  makePublic: 'Сделать публичным',
  foreign: 'Чужой публичный дашборд: изменять может только владелец',
  required: 'Обязательное поле',
} as const;
