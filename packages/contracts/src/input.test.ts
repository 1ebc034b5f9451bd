import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  commaIdList,
  findUnsafeText,
  idField,
  idParam,
  isSafeText,
  jsonNestsDeeperThan,
  MAX_ID,
  MAX_JSON_DEPTH,
  MAX_LIST_IDS,
  pageSizeParam,
  safeInput,
  UNSAFE_TEXT_MESSAGE,
} from './input.ts';

describe('idField (an id in a JSON body)', () => {
  it('takes a whole number from 1 to MAX_ID', () => {
    expect(idField.parse(1)).toBe(1);
    expect(idField.parse(MAX_ID)).toBe(MAX_ID);
  });

  it.each([true, false, '1', 0, -1, 1.5, MAX_ID + 1, 2 ** 63, Number.NaN, null, [1], { id: 1 }])(
    'refuses %s',
    (value) => {
      expect(idField.safeParse(value).success).toBe(false);
    },
  );
});

describe('idParam (an id in a path or a query)', () => {
  it('reads decimal digits', () => {
    expect(idParam.parse('12')).toBe(12);
    expect(idParam.parse(' 7 ')).toBe(7);
    expect(idParam.parse(String(MAX_ID))).toBe(MAX_ID);
  });

  it.each([
    '',
    'abc',
    'true',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '+1',
    String(MAX_ID + 1),
    '9223372036854775808',
  ])('refuses %j', (value) => {
    expect(idParam.safeParse(value).success).toBe(false);
  });

  it('refuses booleans', () => {
    expect(idParam.safeParse(true).success).toBe(false);
  });
});

describe('pageSizeParam', () => {
  it('defaults and bounds the size', () => {
    const schema = z.object({ page_size: pageSizeParam(25, 100) });
    expect(schema.parse({})).toEqual({ page_size: 25 });
    expect(schema.parse({ page_size: '100' })).toEqual({ page_size: 100 });
    expect(schema.safeParse({ page_size: '101' }).error?.issues[0].message).toBe('не больше 100');
  });
});

describe('commaIdList', () => {
  it('parses comma-separated ids, dropping empty items and repeats (§5)', () => {
    expect(commaIdList().parse('1,2,,3')).toEqual([1, 2, 3]);
    expect(commaIdList().parse(' 1 , 2 ,1')).toEqual([1, 2]);
    expect(commaIdList().parse('')).toEqual([]);
    expect(commaIdList().parse(['1,2', '3'])).toEqual([1, 2, 3]);
    expect(commaIdList().parse([4, 5])).toEqual([4, 5]);
  });

  it.each(['abc', '1e3', '0x10', '-3', '1.5', 'Infinity', String(MAX_ID + 1)])(
    'refuses %s, naming it',
    (item) => {
      const result = commaIdList().safeParse(`1,${item}`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toContain(`«${item}»`);
    },
  );

  it('narrows to the allowed constants', () => {
    expect(commaIdList([1, 2]).safeParse('1,3').success).toBe(false);
  });

  it(`takes at most ${MAX_LIST_IDS} ids`, () => {
    const many = Array.from({ length: MAX_LIST_IDS + 1 }, (_, i) => i + 1).join(',');
    expect(commaIdList().safeParse(many).success).toBe(false);
  });
});

describe('unsafe text', () => {
  it('finds NUL bytes and unpaired surrogates, and nothing else', () => {
    expect(isSafeText('Тема 😀 «кавычки»')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\ud800b')).toBe(false);
    expect(isSafeText('a\udc00')).toBe(false);
    expect(isSafeText('\ud83d')).toBe(false);
  });

  it('names the path of the first unsafe string', () => {
    expect(findUnsafeText({ name: 'ok', items: [{ text: 'x' }, { text: 'a\u0000' }] })).toEqual([
      'items',
      1,
      'text',
    ]);
    expect(findUnsafeText({ name: 'ok', n: 5 })).toBeNull();
    expect(findUnsafeText('\ud800')).toEqual([]);
  });

  it('refuses unsafe input before the schema parses, naming the field', () => {
    const schema = safeInput(z.object({ name: z.string() }));
    expect(schema.parse({ name: 'Тема' })).toEqual({ name: 'Тема' });
    const result = schema.safeParse({ name: 'Тема\u0000' });
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: UNSAFE_TEXT_MESSAGE });
  });
});

describe('the nesting of JSON text', () => {
  const nested = (levels: number, open: string, close: string) =>
    `${open.repeat(levels)}1${close.repeat(levels)}`;

  it('counts arrays and objects alike, up to the limit and not past it', () => {
    for (const [open, close] of [
      ['{"a":', '}'],
      ['[', ']'],
      ['[{"a":', '}]'],
    ]) {
      const per = open.length > 2 && open.startsWith('[') ? 2 : 1;
      expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH / per, open, close))).toBe(false);
      expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH / per + 1, open, close))).toBe(true);
    }
    expect(jsonNestsDeeperThan(nested(100_000, '[', ']'))).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '['.repeat(100), b: `\\"${'{'.repeat(100)}`, c: [[1]] });
    expect(jsonNestsDeeperThan(text, 3)).toBe(false);
    expect(jsonNestsDeeperThan(text, 2)).toBe(true);
  });

  it('counts siblings once: depth, not the number of brackets', () => {
    expect(jsonNestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(false);
    expect(jsonNestsDeeperThan('', 0)).toBe(false);
    expect(jsonNestsDeeperThan('"text"', 0)).toBe(false);
    expect(jsonNestsDeeperThan('{}', 0)).toBe(true);
  });
});
