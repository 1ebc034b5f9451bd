import { describe, expect, it } from 'vitest';
import { encodeQuery, isSafeLocalPath, parseCommaNumbers, withQuery } from './query.ts';

describe('encodeQuery', () => {
  it('comma-joins arrays and keeps key order', () => {
    expect(encodeQuery({ mood_in: [1, 3, 4], page: 2 })).toBe('mood_in=1,3,4&page=2');
    expect(encodeQuery({ message_type_in: [0, 1, 8, 101, 102] })).toBe('message_type_in=0,1,8,101,102');
  });

  it('leaves out null, undefined, empty strings and empty arrays (§2)', () => {
    expect(
      encodeQuery({ a: null, b: undefined, c: '', d: [], e: 'x', f: [null, undefined, ''], g: [1, null, 2] }),
    ).toBe('e=x&g=1,2');
    expect(encodeQuery({})).toBe('');
  });

  it('keeps zero and false, which are values', () => {
    expect(encodeQuery({ page: 0, archived: false, trash: true })).toBe('page=0&archived=false&trash=true');
    expect(encodeQuery({ type_in: [0] })).toBe('type_in=0');
  });

  it('writes dates as ISO instants and drops invalid ones', () => {
    const date = new Date('2025-03-04T21:30:00.000Z');
    expect(encodeQuery({ after: date })).toBe('after=2025-03-04T21%3A30%3A00.000Z');
    expect(encodeQuery({ after: new Date('nonsense'), page: 1 })).toBe('page=1');
  });

  it('drops NaN and infinities', () => {
    expect(encodeQuery({ a: Number.NaN, b: Number.POSITIVE_INFINITY, c: [1, Number.NaN] })).toBe('c=1');
  });

  it('percent-encodes keys and values, leaving only the joining commas bare', () => {
    expect(encodeQuery({ search: 'Иван Петров & Ко' })).toBe(
      'search=%D0%98%D0%B2%D0%B0%D0%BD%20%D0%9F%D0%B5%D1%82%D1%80%D0%BE%D0%B2%20%26%20%D0%9A%D0%BE',
    );
    expect(encodeQuery({ ordering: '-total_si,-is_favorite' })).toBe('ordering=-total_si%2C-is_favorite');
    expect(encodeQuery({ names: ['a,b', 'c'] })).toBe('names=a%2Cb,c');
    expect(encodeQuery({ 'a b': 1 })).toBe('a%20b=1');
  });

  it('round-trips through URLSearchParams', () => {
    const query = encodeQuery({ wrote_at_after: '2025-01-01', lom_in: [5, 7], search: 'a+b=c' });
    const parsed = new URLSearchParams(query);
    expect(parsed.get('wrote_at_after')).toBe('2025-01-01');
    expect(parsed.get('lom_in')).toBe('5,7');
    expect(parsed.get('search')).toBe('a+b=c');
  });
});

describe('withQuery', () => {
  it('appends the query, or nothing', () => {
    expect(withQuery('/messages', { page: 2 })).toBe('/messages?page=2');
    expect(withQuery('/messages', { page: null })).toBe('/messages');
  });
});

describe('parseCommaNumbers', () => {
  it('parses leniently, skipping what is not a number', () => {
    expect(parseCommaNumbers('1,2,,3')).toEqual([1, 2, 3]);
    expect(parseCommaNumbers('1,abc,3')).toEqual([1, 3]);
    expect(parseCommaNumbers(' 7 ')).toEqual([7]);
  });

  it('gives [] for nothing', () => {
    expect(parseCommaNumbers('')).toEqual([]);
    expect(parseCommaNumbers(null)).toEqual([]);
    expect(parseCommaNumbers(undefined)).toEqual([]);
  });
});

describe('isSafeLocalPath', () => {
  it.each([
    '/',
    '/loms',
    '/loms/15',
    '/messages?page=2&mood_in=1,3',
    '/theme/3/edit#tab',
    '/news?url=https://example.com/a',
    '/about/how-it-works',
  ])('accepts %s', (path) => {
    expect(isSafeLocalPath(path)).toBe(true);
  });

  it.each([
    '',
    'loms',
    '//evil.com',
    '//evil.com/loms',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/loms\\..\\x',
    'https://evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' /loms',
    '/\t/evil.com',
    '/\n/evil.com',
    '/loms\u0000',
    '/loms\u007F',
    '/a//b',
  ])('refuses %j', (path) => {
    expect(isSafeLocalPath(path)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isSafeLocalPath(undefined)).toBe(false);
    expect(isSafeLocalPath(null)).toBe(false);
    expect(isSafeLocalPath(['/loms'])).toBe(false);
  });
});
