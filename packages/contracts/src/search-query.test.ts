import { describe, expect, it } from 'vitest';
import { parseSearchQuery, positiveOperands, type SearchNode } from './search-query.ts';

/** A compact picture of a tree: words as text, phrases quoted, fields as field:text. */
function show(node: SearchNode): string {
  switch (node.kind) {
    case 'term': {
      const field = node.field === 'text' ? '' : `${node.field}:`;
      return `${field}${node.text}${node.prefix ? '*' : ''}`;
    }
    case 'phrase':
      return `${node.field === 'text' ? '' : `${node.field}:`}"${node.text}"`;
    case 'not':
      return `NOT(${show(node.child)})`;
    case 'near':
      return `NEAR${node.distance}(${show(node.left)}, ${show(node.right)})`;
    case 'and':
    case 'or':
      return `${node.kind.toUpperCase()}(${node.children.map(show).join(', ')})`;
  }
}

function parsed(query: string): string {
  const result = parseSearchQuery(query);
  if (!result.ok) throw new Error(`"${query}" failed: ${result.error.message}`);
  return show(result.query);
}

describe('parseSearchQuery: every operator', () => {
  it.each([
    ['москва', 'москва'],
    ['"в Москве"', '"в Москве"'],
    ['газпром роснефть', 'AND(газпром, роснефть)'],
    ['газпром AND роснефть', 'AND(газпром, роснефть)'],
    ['газпром И роснефть', 'AND(газпром, роснефть)'],
    ['газпром OR роснефть', 'OR(газпром, роснефть)'],
    ['газпром ИЛИ роснефть', 'OR(газпром, роснефть)'],
    ['газпром | роснефть', 'OR(газпром, роснефть)'],
    ['газпром|роснефть', 'OR(газпром, роснефть)'],
    ['газпром NOT реклама', 'AND(газпром, NOT(реклама))'],
    ['газпром НЕ реклама', 'AND(газпром, NOT(реклама))'],
    ['газпром -реклама', 'AND(газпром, NOT(реклама))'],
    ['газпром -"реклама дня"', 'AND(газпром, NOT("реклама дня"))'],
    ['газпром -(реклама OR акция)', 'AND(газпром, NOT(OR(реклама, акция)))'],
    ['газпром-нефть', 'газпром-нефть'],
    ['газпром*', 'газпром*'],
    ['газпром NEAR/5 санкции', 'NEAR5(газпром, санкции)'],
    ['газпром РЯДОМ/20 "новые санкции"', 'NEAR20(газпром, "новые санкции")'],
    ['author:Иванов', 'author:Иванов'],
    ['автор:Иванов', 'author:Иванов'],
    ['author:"Анна Иванова"', 'author:"Анна Иванова"'],
    ['source:telegram', 'source:telegram'],
    ['url:ria.ru', 'url:ria.ru'],
    ['foo:bar', 'foo:bar'],
  ])('%s', (query, tree) => {
    expect(parsed(query)).toBe(tree);
  });

  it('binds NOT before AND before OR', () => {
    expect(parsed('a1 b1 OR c1 NOT d1')).toBe('OR(AND(a1, b1), AND(c1, NOT(d1)))');
    expect(parsed('(газпром OR роснефть) санкции')).toBe('AND(OR(газпром, роснефть), санкции)');
    expect(parsed('NOT реклама газпром')).toBe('AND(NOT(реклама), газпром)');
  });

  it('keeps operators case-sensitive: lowercase words are words', () => {
    expect(parsed('газпром or роснефть')).toBe('AND(газпром, or, роснефть)');
  });

  it('lists what a query finds, not what it excludes', () => {
    const result = parseSearchQuery('газпром -реклама "в Москве" NEAR/3 санкции');
    expect(result.ok && positiveOperands(result.query).map((o) => o.text)).toEqual([
      'газпром',
      'в Москве',
      'санкции',
    ]);
  });
});

describe('parseSearchQuery: errors with positions', () => {
  it.each([
    ['газпром "в москве', 'Не закрыта кавычка, позиция 9', 9],
    ['(газпром OR роснефть', 'Не закрыта скобка, позиция 1', 1],
    ['газпром)', 'Лишняя закрывающая скобка, позиция 8', 8],
    ['газпром OR', 'После OR нужно слово или выражение, позиция 9', 9],
    ['газпром AND', 'После AND нужно слово или выражение, позиция 9', 9],
    ['газпром NOT', 'После NOT нужно слово или выражение, позиция 9', 9],
    ['OR газпром', 'OR не может стоять здесь: перед ним нужно слово, позиция 1', 1],
    ['газпром OR OR роснефть', 'После OR нужно слово или выражение, позиция 9', 9],
    ['()', 'Пустые скобки, позиция 1', 1],
    ['""', 'Пустая фраза в кавычках, позиция 1', 1],
    ['a1 NEAR/0 b1', 'Расстояние NEAR — от 1 до 20 слов, позиция 4', 4],
    ['a1 NEAR/999 b1', 'Расстояние NEAR — от 1 до 20 слов, позиция 4', 4],
    ['a1 NEAR/x b1', 'Расстояние NEAR — число от 1 до 20, позиция 4', 4],
    ['a1 NEAR b1', 'После NEAR нужно расстояние в словах: NEAR/5, позиция 4', 4],
    ['a1 NEAR/3', 'После NEAR нужно слово или выражение, позиция 4', 4],
    ['(a1 b1) NEAR/3 c1', 'NEAR соединяет два слова или две фразы, позиция 9', 9],
    [
      'a1 NEAR/3 b1 NEAR/3 c1',
      'NEAR соединяет только два слова: разбейте цепочку на части с AND, позиция 14',
      14,
    ],
    [
      'author:Иванов NEAR/2 газпром',
      'NEAR ищет только в тексте сообщения, без author:, source: и url:, позиция 1',
      1,
    ],
    ['г*', 'Перед * нужно не меньше 3 букв, позиция 1', 1],
    ['a:*', 'Перед * нужно не меньше 3 букв, позиция 1', 1],
    ['author:', 'После author: нужно значение, позиция 1', 1],
    ['NOT реклама', 'В запросе одни исключения: добавьте слово, которое нужно найти, позиция 1', 1],
    ['-реклама -акция', 'В запросе одни исключения: добавьте слово, которое нужно найти, позиция 1', 1],
    ['и в на', 'В запросе нет слов для поиска: только служебные слова или символы, позиция 1', 1],
    ['😀 🔥', 'В запросе нет слов для поиска: только служебные слова или символы, позиция 1', 1],
    [
      'газпром OR -реклама',
      'Часть OR состоит из одних исключений: добавьте в неё слово для поиска, позиция 12',
      12,
    ],
    ['газпром NEAR/2 и', 'У NEAR с обеих сторон должны быть слова для поиска, позиция 16', 16],
    ['', 'Пустой запрос, позиция 1', 1],
  ])('%s', (query, message, position) => {
    const result = parseSearchQuery(query);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toBe(message);
      expect(result.error.position).toBe(position);
      expect(result.error.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses more than 2,000 characters and more than 64 terms', () => {
    const long = parseSearchQuery('а'.repeat(2001));
    expect(!long.ok && long.error.message).toBe('Запрос длиннее 2\u00a0000 символов, позиция 2001');
    const many = parseSearchQuery(Array.from({ length: 65 }, (_, i) => `слово${i}`).join(' OR '));
    expect(!many.ok && many.error.message).toMatch(/^В запросе больше 64 слов и фраз, позиция \d+$/);
    expect(parseSearchQuery(Array.from({ length: 64 }, (_, i) => `слово${i}`).join(' OR ')).ok).toBe(true);
  });

  it('answers 10,000 ORs, deep parentheses and typed SQL without throwing', () => {
    expect(parseSearchQuery(Array(10_000).fill('газпром').join(' OR ')).ok).toBe(false);
    expect(parseSearchQuery(`${'('.repeat(32)}газпром${')'.repeat(32)}`).ok).toBe(true);
    const deep = parseSearchQuery(`${'('.repeat(990)}газпром${')'.repeat(990)}`);
    expect(!deep.ok && deep.error.message).toBe('Больше 32 уровней скобок и исключений, позиция 33');
    expect(parseSearchQuery('('.repeat(2000)).ok).toBe(false);
    expect(parseSearchQuery(`газпром ${'-'.repeat(1000)}реклама`).ok).toBe(false);
    expect(parseSearchQuery(`газпром ${'NOT '.repeat(400)}реклама`).ok).toBe(false);
    for (const typed of ["a & b'", "газпром' or 1=1 --", 'газпром & !реклама', 'газпром:* <-> нефть', '\\']) {
      expect(() => parseSearchQuery(typed)).not.toThrow();
    }
    expect(parsed("газпром' or 1=1 --")).toBe("AND(газпром', or, 1=1, NOT(-))");
  });
});
