import { formatNumber, parseSearchQuery, SEARCH_LIMITS } from '@monitoring/contracts';
import { SEARCH_SYNTAX } from '../../../ui/search-query-texts.ts';
import type { AboutArticle, AboutCell } from '../article-types.ts';

// The operators come from the search box's own help (ui/search-query-texts.ts), the limits from contracts
// SEARCH_LIMITS, and each mistake's message from the parser itself: the page cannot drift from the code.

/** Queries people get wrong, with how to put them right; the message of each is what the box shows. */
export const SEARCH_MISTAKES: readonly { query: string; fix: string }[] = [
  { query: 'газпром "в москве', fix: 'Закройте кавычку: газпром "в москве"' },
  { query: '(газпром OR роснефть', fix: 'Закройте скобку: (газпром OR роснефть)' },
  { query: 'газпром OR', fix: 'Допишите второе слово или уберите OR' },
  { query: '-реклама', fix: 'Добавьте, что искать: санкции -реклама' },
  { query: 'га*', fix: 'Допишите начало слова: газ*' },
  { query: 'газпром NEAR санкции', fix: 'Укажите расстояние: газпром NEAR/5 санкции' },
  {
    query: `газпром NEAR/${SEARCH_LIMITS.maxNear + 10} санкции`,
    fix: `Расстояние — не больше ${SEARCH_LIMITS.maxNear}: газпром NEAR/${SEARCH_LIMITS.maxNear} санкции`,
  },
  { query: 'author:', fix: 'Напишите имя после двоеточия: author:Иванов' },
  { query: 'в на по', fix: 'Добавьте значимое слово или возьмите фразу в кавычки: "в на по"' },
];

/** The Russian message the parser gives for a query (a test holds each mistake to be one). */
export function mistakeMessage(query: string): string {
  const parsed = parseSearchQuery(query);
  return parsed.ok ? '' : parsed.error.message;
}

const code = (...queries: string[]): AboutCell => ({ code: queries });

/** How far a searched list counts at most before it says «более» (the server's cap on the list page). */
const LIST_BOUND = formatNumber(1000);

export const SEARCH_ARTICLE: AboutArticle = {
  route: 'about-search',
  summary:
    'Язык запросов поиска по тексту сообщений и цитат: слова во всех формах, фразы, AND, OR, NOT, скобки, ' +
    'начало слова, NEAR и поля author:, source:, url:.',
  screens: [
    { route: 'messages', label: 'Сообщения' },
    { route: 'quotes', label: 'Цитаты' },
  ],
  sections: [
    {
      heading: 'Что делает поиск',
      blocks: [
        {
          kind: 'text',
          text:
            'Поле «Поиск по тексту сообщений» на странице сообщений и в фильтре новых дашбордов, как и поиск на ' +
            'странице цитат, понимает язык запросов. Слово находится во всех формах: по запросу москва найдутся ' +
            '«Москва», «Москве» и «москвы». Ищется текст сообщения, текст источника и распознанный текст; имя ' +
            'автора, площадка и адрес — через поля author:, source: и url:.',
        },
        {
          kind: 'text',
          text:
            'Запрос проверяется, пока вы его набираете: ошибочное место подчёркивается красной волнистой линией, ' +
            'под полем появляется подсказка с номером позиции. Пока запрос с ошибкой, список остаётся по ' +
            'последнему верному запросу. Кнопка «?» рядом с полем открывает краткую справку.',
        },
      ],
    },
    {
      heading: 'Операторы',
      blocks: [
        {
          kind: 'table',
          caption: 'Операторы языка запросов',
          columns: ['Оператор', 'Примеры', 'Что находит'],
          rows: SEARCH_SYNTAX.map((row) => [row.operator, code(...row.examples), row.meaning]),
        },
        {
          kind: 'text',
          text:
            'Операторы AND, OR, NOT, И, ИЛИ, НЕ, NEAR и РЯДОМ пишутся заглавными буквами. Строчные «или», «не» — ' +
            'обычные слова, причём служебные: поиск их пропускает, и запрос газпром или роснефть ищет сообщения ' +
            'с обоими словами. AND связывает сильнее, чем OR: газпром роснефть OR лукойл значит ' +
            '(газпром AND роснефть) OR лукойл; если нужно иначе, поставьте скобки.',
        },
      ],
    },
    {
      heading: 'Поля',
      blocks: [
        {
          kind: 'table',
          caption: 'Поля запроса',
          columns: ['Поле', 'Пример', 'Что находит'],
          rows: [
            ['author: (автор:)', code('author:Иванов', 'author:"Анна Иванова"'), 'Имя автора сообщения'],
            ['source: (источник:)', code('source:telegram', 'source:vk'), 'Площадку по названию или адресу'],
            ['url: (адрес:)', code('url:ria.ru'), 'Адрес публикации: сайт и его поддомены'],
          ],
        },
        {
          kind: 'text',
          text:
            'Поле сочетается с остальным запросом как обычное слово: санкции source:telegram -реклама. NEAR ' +
            'работает только с текстом сообщения, без полей. У цитат ищется только их текст: поля в поиске цитат ' +
            'ничего не находят.',
        },
      ],
    },
    {
      heading: 'Ограничения',
      blocks: [
        {
          kind: 'list',
          items: [
            `Запрос — не длиннее ${formatNumber(SEARCH_LIMITS.maxLength)} символов.`,
            `В запросе не больше ${SEARCH_LIMITS.maxTerms} слов и фраз.`,
            `Расстояние NEAR и РЯДОМ — от 1 до ${SEARCH_LIMITS.maxNear} слов.`,
            `Перед * — не меньше ${SEARCH_LIMITS.minPrefixLetters} букв.`,
            'Служебные слова (в, на, по, и…) сами по себе не ищутся; во фразе в кавычках они учитываются.',
            'Поиск длится не больше 2 секунд. Дольше — он останавливается с сообщением «Поиск занял больше ' +
              '2 секунд и был остановлен»: уточните запрос или сократите период.',
          ],
        },
      ],
    },
    {
      heading: 'Число найденных и подсветка',
      blocks: [
        {
          kind: 'text',
          text:
            'Чтобы список появился быстро, поиск не всегда досчитывает найденные сообщения до конца: тогда над ' +
            `списком написано «Найдено более ${LIST_BOUND}» (или другое число — сколько уже нашлось), а точное ` +
            'число считается в фоне (пометка «считаем…») и заменяет оценку, когда готово. Если и подсчёт не ' +
            'укладывается в 2 секунды, остаётся «более N». «Показать ещё» работает и тогда.',
        },
        {
          kind: 'text',
          text:
            'Найденные слова выделены жёлтым в списке и в карточке сообщения, открытой из списка. Слова после NOT ' +
            'не выделяются, поля author:, source: и url: — тоже: они ищут не в тексте.',
        },
      ],
    },
    {
      heading: 'Сортировка по релевантности',
      blocks: [
        {
          kind: 'text',
          text:
            'Когда задан поиск, в «Сортировке» появляется «По релевантности»: выше стоят сообщения, где найденные ' +
            'слова встречаются чаще и ближе друг к другу. Без поиска такой сортировки нет: если очистить поле, ' +
            'список вернётся к «Сначала новые». В отчётах релевантность не учитывается — сообщения идут от новых ' +
            'к старым.',
        },
        {
          kind: 'note',
          text:
            'Последние 10 запросов запоминаются в этом браузере и предлагаются, когда поле поиска в фокусе: ' +
            'выберите запрос стрелками и Enter или мышью.',
        },
      ],
    },
    {
      heading: 'Частые ошибки',
      blocks: [
        {
          kind: 'table',
          caption: 'Ошибки в запросах и как их исправить',
          columns: ['Запрос', 'Подсказка под полем', 'Как исправить'],
          rows: SEARCH_MISTAKES.map((mistake) => [
            code(mistake.query),
            mistakeMessage(mistake.query),
            mistake.fix,
          ]),
        },
      ],
    },
  ],
};
