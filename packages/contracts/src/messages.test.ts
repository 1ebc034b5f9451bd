import { describe, expect, it } from 'vitest';
import { messageFilterQuery, parseMessageFilterFromUrl, periodBoundInstant } from './messages.ts';

const parse = (query: Record<string, unknown>) => messageFilterQuery.safeParse(query);
const fieldOf = (query: Record<string, unknown>) => {
  const result = parse(query);
  return result.success ? null : result.error.issues[0]?.path.join('.');
};

describe('messageFilterQuery', () => {
  it('reads dates as Moscow days: before is the end of its day, exclusive', () => {
    const f = messageFilterQuery.parse({ wrote_at_after: '2025-03-01', wrote_at_before: '2025-03-31' });
    expect(f.wrote_at_after?.toISOString()).toBe('2025-02-28T21:00:00.000Z');
    expect(f.wrote_at_before?.toISOString()).toBe('2025-03-31T21:00:00.000Z');
    expect(f.ordering).toBe('-wrote_at');
  });

  it('reads datetimes as instants, Moscow when no zone, before inclusive', () => {
    expect(periodBoundInstant('2025-03-01T10:00:00Z', 'after')?.toISOString()).toBe(
      '2025-03-01T10:00:00.000Z',
    );
    expect(periodBoundInstant('2025-03-01T10:00', 'after')?.toISOString()).toBe('2025-03-01T07:00:00.000Z');
    expect(periodBoundInstant('2025-03-01T23:59:59.999+03:00', 'before')?.toISOString()).toBe(
      '2025-03-01T21:00:00.000Z',
    );
    expect(periodBoundInstant('2025-02-30', 'after')).toBeNull();
    expect(periodBoundInstant('вчера', 'after')).toBeNull();
  });

  it('folds message__ aliases, the plain name winning', () => {
    const f = messageFilterQuery.parse({
      message__wrote_at_after: '2025-01-01',
      message__verified: 'true',
      verified: 'false',
      message__trash: 'false',
    });
    expect(f.wrote_at_after?.toISOString()).toBe('2024-12-31T21:00:00.000Z');
    expect(f.verified).toBe(false);
    expect(f.trash).toBe(false);
    expect(f).not.toHaveProperty('message__verified');
  });

  it('reads comma lists and JSON arrays, dropping empties and duplicates', () => {
    expect(messageFilterQuery.parse({ lom_in: '1,,2,2', theme_in: '' })).toEqual({
      lom_in: [1, 2],
      ordering: '-wrote_at',
    });
    expect(messageFilterQuery.parse({ id_in: [3, '4,5'], archived: true }).id_in).toEqual([3, 4, 5]);
  });

  it('answers the offending field', () => {
    expect(fieldOf({ mood_in: 'abc' })).toBe('mood_in');
    expect(fieldOf({ mood_in: '7' })).toBe('mood_in');
    expect(fieldOf({ lom_in: '1.5' })).toBe('lom_in');
    expect(fieldOf({ message_type_in: '2' })).toBe('message_type_in');
    expect(fieldOf({ archived: 'maybe' })).toBe('archived');
    expect(fieldOf({ from_zephyr: '1' })).toBe('from_zephyr');
    expect(fieldOf({ wrote_at_before: '01.03.2025' })).toBe('wrote_at_before');
    expect(fieldOf({ ordering: 'text' })).toBe('ordering');
    expect(fieldOf({ search: 'x'.repeat(2001) })).toBe('search');
    expect(fieldOf({ search: 'x'.repeat(2000) })).toBeNull();
  });

  it('refuses a malformed search query with its message and position', () => {
    const result = parse({ search: '  газпром "в москве' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['search']);
    expect(issue?.message).toBe('Не закрыта кавычка, позиция 9');
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ position: 9 });
  });

  it('keeps mood 3 as sent (widened where applied) and trims the search', () => {
    const f = messageFilterQuery.parse({ mood_in: '3', search: '  Путин  ', ordering: '-si' });
    expect(f).toEqual({ mood_in: [3], search: 'Путин', ordering: '-si' });
    expect(messageFilterQuery.parse({ search: '   ' })).toEqual({ ordering: '-wrote_at' });
  });
});

describe('parseMessageFilterFromUrl', () => {
  it('keeps what the server would accept and drops the rest', () => {
    const params = new URLSearchParams(
      'wrote_at_after=2025-01-01&message__wrote_at_before=2025-01-31&lom_in=1,x,2&mood_in=3,9' +
        '&archived=maybe&verified=true&ordering=bad&search=%20кот%20&tab=2',
    );
    expect(parseMessageFilterFromUrl(params)).toEqual({
      wrote_at_after: '2025-01-01',
      wrote_at_before: '2025-01-31',
      lom_in: [1, 2],
      mood_in: [3],
      verified: true,
      search: 'кот',
    });
  });
});
