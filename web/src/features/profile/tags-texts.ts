import { formatCount } from '../../lib/format.ts';

/** The words of the two tag lists of the profile: the shared directory and one's own tags. */
export const TAGS_TEXTS = {
  shared: {
    region: 'Теги',
    table: 'Список тегов',
    column: 'Тег',
    search: 'Поиск тега',
    create: 'Новый тег',
    rename: 'Переименовать тег',
    delete: 'Удалить тег',
    confirmDelete: (name: string) => `Удалить тег «${name}»?`,
    deleteEffect: (messages: number) =>
      messages > 0
        ? `Он будет снят с ${formatCount(messages)} сообщ. и их фрагментов.`
        : 'Сообщений с этим тегом нет.',
    loadError: 'Не удалось загрузить теги',
    empty: 'Тегов пока нет',
  },
  personal: {
    region: 'Личные теги',
    table: 'Список личных тегов',
    column: 'Личный тег',
    search: 'Поиск личного тега',
    create: 'Новый личный тег',
    rename: 'Переименовать личный тег',
    delete: 'Удалить личный тег',
    confirmDelete: (name: string) => `Удалить личный тег «${name}»?`,
    deleteEffect: (_messages: number) => 'Он будет снят со всех ваших сообщений.',
    loadError: 'Не удалось загрузить личные теги',
    empty: 'Личных тегов пока нет: создайте первый, чтобы отмечать им сообщения',
  },
} as const;
