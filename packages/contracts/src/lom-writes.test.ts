import { describe, expect, it } from 'vitest';
import { lomCompareQuery, lomCreateBody, lomSourceCreateBody, lomUpdateBody } from './lom-writes.ts';

const fieldOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues[0]?.path.join('.');

describe('lomUpdateBody', () => {
  it('trims texts, clears empty ones and drops repeated ids', () => {
    expect(
      lomUpdateBody.parse({
        residence: '  Казань ',
        awards: '',
        agency: null,
        interests: [3, 1, 3],
        birthDate: null,
      }),
    ).toEqual({ residence: 'Казань', awards: null, agency: null, interests: [3, 1], birthDate: null });
  });

  it('names the offending field', () => {
    expect(fieldOf(lomUpdateBody.safeParse({ birthDate: '1990-02-30' }))).toBe('birthDate');
    expect(fieldOf(lomUpdateBody.safeParse({ birthDate: '1899-12-31' }))).toBe('birthDate');
    expect(fieldOf(lomUpdateBody.safeParse({ birthDate: '12.05.1990' }))).toBe('birthDate');
    expect(fieldOf(lomUpdateBody.safeParse({ producerCenters: [1, -2] }))).toBe('producerCenters.1');
    expect(fieldOf(lomUpdateBody.safeParse({ unknown: 1 }))).toBe('unknown');
  });
});

describe('lomCreateBody and lomSourceCreateBody', () => {
  it('needs a name and fills the account defaults', () => {
    expect(fieldOf(lomCreateBody.safeParse({ name: ' ' }))).toBe('name');
    expect(lomSourceCreateBody.parse({ source: 1, lom_source_url: 'https://t.me/a' })).toEqual({
      source: 1,
      lom_source_url: 'https://t.me/a',
      coverage: 0,
      is_active: true,
    });
    expect(fieldOf(lomSourceCreateBody.safeParse({ source: 1, lom_source_url: 'javascript:alert(1)' }))).toBe(
      'lom_source_url',
    );
  });
});

describe('lomCompareQuery', () => {
  it('keeps the order of id_in without repeats, 100 a page, either period name', () => {
    const query = lomCompareQuery.parse({ id_in: '5,2,5', message__wrote_at_after: '2025-06-01' });
    expect(query).toMatchObject({ id_in: [5, 2], page: 1, page_size: 100 });
    expect(query.wrote_at_after?.toISOString()).toBe('2025-05-31T21:00:00.000Z');
  });

  it('needs at least one lom', () => {
    expect(fieldOf(lomCompareQuery.safeParse({}))).toBe('id_in');
    expect(fieldOf(lomCompareQuery.safeParse({ id_in: ',' }))).toBe('id_in');
  });
});
