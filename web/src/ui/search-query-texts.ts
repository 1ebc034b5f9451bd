// Russian text of the message search box (SearchQueryInput) and its syntax help, which the help page
// /about/search (features/about/articles/search.ts) shows too: one list of operators for both.

export const SEARCH_QUERY_TEXTS = {
  label: 'Поиск по тексту сообщений',
  placeholder: 'Поиск: слова, "фраза", OR, NOT, author:…',
  help: 'Синтаксис запросов',
  helpTitle: 'Язык запросов',
  more: 'Подробнее о языке запросов',
  history: 'Недавние запросы',
  clear: 'Очистить поиск',
} as const;

/** The error span and message of an invalid query: brand error #EF4D4D (3.6:1 on white) darkened to 5.6:1. */
export const SEARCH_ERROR_COLOR = '#C62828';

export interface SearchSyntaxRow {
  /** What the row is: «Слово», «ИЛИ». */
  operator: string;
  /** Queries as typed; each is a whole valid query (a test parses them). */
  examples: readonly string[];
  meaning: string;
}

/** One row per operator of contracts search-query.ts, with Russian examples. */
export const SEARCH_SYNTAX: readonly SearchSyntaxRow[] = [
  {
    operator: 'Слово',
    examples: ['москва'],
    meaning: 'Все формы слова: «Москва», «Москве», «москвы»',
  },
  {
    operator: 'Фраза',
    examples: ['"в Москве"'],
    meaning: 'Слова в кавычках подряд и точно в этих формах',
  },
  {
    operator: 'И',
    examples: ['газпром роснефть', 'газпром AND роснефть', 'газпром И роснефть'],
    meaning: 'Есть все слова (пробел значит то же, что AND)',
  },
  {
    operator: 'ИЛИ',
    examples: ['газпром OR роснефть', 'газпром ИЛИ роснефть', 'газпром | роснефть'],
    meaning: 'Есть хотя бы одно из слов',
  },
  {
    operator: 'НЕ',
    examples: ['санкции NOT реклама', 'санкции НЕ реклама', 'санкции -реклама'],
    meaning: 'Без этого слова; одних исключений в запросе мало',
  },
  {
    operator: 'Скобки',
    examples: ['(газпром OR роснефть) -реклама'],
    meaning: 'Группируют условия',
  },
  {
    operator: 'Начало слова',
    examples: ['газпром*'],
    meaning: 'Слова, которые так начинаются: «газпрома», «газпромнефть»; перед * не меньше 3 букв',
  },
  {
    operator: 'Рядом',
    examples: ['газпром NEAR/5 санкции', 'газпром РЯДОМ/5 санкции'],
    meaning: 'Слова не дальше 5 слов друг от друга (расстояние от 1 до 20)',
  },
  {
    operator: 'Поля',
    examples: ['author:Иванов', 'source:telegram', 'url:ria.ru'],
    meaning: 'Автор, площадка, адрес публикации (по-русски: автор:, источник:, адрес:)',
  },
];
