import { phrases } from './words.ts';

/** Platforms of product.md §3 with their share of messages in the demo. */
export const SOURCES = [
  { name: 'Facebook', icon: 'facebook', host: 'facebook.com', weight: 1 },
  { name: 'Instagram', icon: 'instagram', host: 'instagram.com', weight: 4 },
  { name: 'Telegram', icon: 'telegram', host: 't.me', weight: 30 },
  { name: 'TikTok', icon: 'tiktok', host: 'tiktok.com', weight: 6 },
  { name: 'Twitter', icon: 'twitter', host: 'twitter.com', weight: 2 },
  { name: 'YouTube', icon: 'youtube', host: 'youtube.com', weight: 9 },
  { name: 'ВКонтакте', icon: 'vk', host: 'vk.com', weight: 30 },
  { name: 'Одноклассники', icon: 'ok', host: 'ok.ru', weight: 8 },
  { name: 'Телевидение', icon: 'tv', host: 'tv', weight: 4 },
  { name: 'rutube', icon: 'rutube', host: 'rutube.ru', weight: 6 },
] as const;
export type SourceName = (typeof SOURCES)[number]['name'];

export const CONTENT_TYPES = [
  { id: 1, name: 'Пост/текст' },
  { id: 2, name: 'Короткое видео/сторис' },
  { id: 3, name: 'Видео' },
] as const;

export const HEADINGS = phrases(
  'Общество | Политика | Экономика | Культура | Спорт | Происшествия | Здоровье | Образование | Город | Транспорт',
);

/** Broadcast channels; messages from television carry one. */
export const CHANNELS = phrases(
  'Телеканал «Регион-ТВ» | Городской телеканал «Столица» | Телеканал «Новости 24» | ТРК «Волга» | ' +
    'Телеканал «Север» | Радио «Волна FM» | ТРК «Урал» | Телеканал «Сибирь-Информ»',
);

/** [name, flag]: category, segment or interest pick lists. */
export const LOM_TYPES: readonly (readonly [string, 'category' | 'segment' | 'interest' | 'plain'])[] = [
  ['Персона', 'category'],
  ['Бренд', 'category'],
  ['СМИ и паблики', 'category'],
  ['Федеральный', 'segment'],
  ['Региональный', 'segment'],
  ['Муниципальный', 'segment'],
  ['Лайфстайл', 'interest'],
  ['Семья и дети', 'interest'],
  ['Спорт', 'interest'],
  ['Блогер', 'plain'],
  ['Журналист', 'plain'],
  ['Эксперт', 'plain'],
  ['Общественный деятель', 'plain'],
  ['Депутат', 'plain'],
  ['Деятель культуры', 'plain'],
];

export const LOM_FOCUSES = phrases(
  'Городская повестка | Семья и дети | Юмор | Путешествия | Спорт | Кулинария | Политика | Экономика | ' +
    'Технологии | Красота и здоровье | Музыка | Образование',
);

export const INTERESTS = phrases(
  'Путешествия | Кулинария | Автомобили | Финансы | Спорт | Музыка | Кино и сериалы | Мода | Компьютерные игры | ' +
    'Наука | Недвижимость | Дети | Здоровье | Книги',
);

export const PRODUCER_CENTER_TYPES = phrases(
  'Продюсерский центр | Рекламное агентство | Блогерское агентство | Медиахолдинг',
);

/** 30 agencies: the spec's display overrides refer to ids 9 and 23. */
export const PRODUCER_CENTERS = phrases(
  'Звезда | Медиаволна | Инфлюенс Лаб | Северное сияние | ТопБлог Продакшн | Голос регионов | Креатив Групп | ' +
    'Точка роста | Яркие люди | Новый формат | Вектор | Контент Фабрика | Высота | Мосты | Горизонт | ' +
    'Открытый город | Смысл | Территория идей | Громкий голос | Сфера | Летопись | Первый кадр | Стрим Хаус | ' +
    'Волна перемен | Лидер | Импульс | Пульс | Медиаполе | Навигатор | Сигнал',
);

/** Ids are constants: 12 marks a foreign agent. */
export const THEMATIC_GROUPS = phrases(
  'Социальная повестка | Городская повестка | Экономика | Культура и искусство | Спорт | Образование | ' +
    'Здоровье | Экология | Технологии | Семья | Развлечения | Иностранный агент | Молодёжь | Религия',
).map((name, i) => ({ id: i + 1, name }));

export const COOPERATION_STATUSES = [
  { id: 0, name: 'Статус не выбран' },
  { id: 1, name: 'Сотрудничает' },
  { id: 2, name: 'Идут переговоры' },
  { id: 3, name: 'Отказ от сотрудничества' },
  { id: 4, name: 'Сотрудничество завершено' },
] as const;

export const LIST_AND_TYPES = phrases('Основной перечень | Резерв | Кандидаты | Федеральный пул');

export const LOM_FACT_TYPES = [
  { id: 1, name: 'Протесты' },
  { id: 2, name: 'Скандалы' },
  { id: 3, name: 'Факты' },
] as const;

/** Segments of loms (type rubric) and groups of themes (type theme). */
export const RUBRICS: readonly { name: string; type: 'rubric' | 'theme' }[] = [
  ...phrases(
    'Блогеры-миллионники | Региональные СМИ | Лидеры общественного мнения | Спортсмены | Деятели культуры | ' +
      'Депутаты и общественники | Бизнес-сообщество | Молодёжные лидеры | Экоактивисты | Мамы-блогеры',
  ).map((name) => ({ name, type: 'rubric' as const })),
  ...phrases('Социальная сфера | Городская среда | Экономика и цены | Досуг и культура').map((name) => ({
    name,
    type: 'theme' as const,
  })),
];

export const TAGS = phrases(
  'срочно | эксклюзив | видео | опрос | прямой эфир | фото | интервью | аналитика | мнение | жалоба | ' +
    'благодарность | инициатива | фейк | проверено',
);

export const BRAND_KINDS = phrases(
  'Кофейня | Сеть пекарен | Автосалон | Фитнес-клуб | Застройщик | Сеть аптек | Ресторан | Торговый центр | ' +
    'Школа английского | Клиника | Салон красоты | Турагентство',
);

export const BRAND_NAMES = phrases(
  'Северный ветер | Хлебный дом | Восток-Моторс | Атлант | Город будущего | Здоровье+ | Тёплый очаг | ' +
    'Меридиан | Лингва | Добрый доктор | Золотая нить | Солнечный берег | Ромашка | Полёт | Калина | Берёзка | ' +
    'Парус | Янтарь | Сказка | Orange | Маяк | Пятый элемент | Клевер | Причал | Кедр | Облака',
);

/** VK/Telegram public pages; {city} is replaced by a city name. */
export const CHANNEL_PATTERNS = phrases(
  'Подслушано {city} | {city} онлайн | {city} 24 | Инцидент {city} | Типичный {city} | Новости: {city} | ' +
    '{city} сегодня | Главное — {city} | {city} live | Мой город {city} | {city}: что происходит | ' +
    'Афиша {city} | Дороги {city} | ЧП {city} | {city} без цензуры',
);

export const SOCIAL_PANEL_GROUPS = phrases('Аудитории | Регионы | Профессии');

/** [panel name, index of its group in SOCIAL_PANEL_GROUPS]. */
export const SOCIAL_PANELS: readonly (readonly [string, number])[] = [
  ['Молодёжь 18–24', 0],
  ['Молодые мамы', 0],
  ['Студенты', 0],
  ['Пенсионеры', 0],
  ['Автомобилисты', 0],
  ['Жители Казани', 1],
  ['Жители Екатеринбурга', 1],
  ['Жители Новосибирска', 1],
  ['IT-специалисты', 2],
  ['Учителя', 2],
  ['Медицинские работники', 2],
  ['Предприниматели', 2],
];

export const ORGANIZATIONS: readonly { name: string; kind: 1 | 2 }[] = [
  { name: 'Центр медиааналитики', kind: 1 },
  { name: 'Региональный центр мониторинга — Республика Татарстан', kind: 2 },
  { name: 'Региональный центр мониторинга — Свердловская область', kind: 2 },
];
