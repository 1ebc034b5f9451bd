import { describe, expect, it } from 'vitest';
import { themeListCountQuery, themeListQuery } from './theme-list.ts';

describe('themes table query', () => {
  it('sorts by -total_si,-is_favorite, page 1 of 25, working non-AI themes by default', () => {
    const query = themeListQuery.parse({});
    expect(query.ordering).toEqual([
      { field: 'total_si', desc: true },
      { field: 'is_favorite', desc: true },
    ]);
    expect(query).toMatchObject({ page: 1, page_size: 25, archived: false, ai: false });
  });

  it('reads a comma list of columns, ascending without the minus, repeats dropped', () => {
    expect(themeListQuery.parse({ ordering: 'name, -lom_count,name' }).ordering).toEqual([
      { field: 'name', desc: false },
      { field: 'lom_count', desc: true },
    ]);
  });

  it('refuses an unknown or empty ordering with a message listing the columns', () => {
    for (const ordering of ['-si', ',', 'total_si;drop']) {
      const result = themeListQuery.safeParse({ ordering });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['ordering']);
      expect(result.error?.issues[0]?.message).toContain('total_si');
    }
  });

  it('takes the archived tab, the AI list and a period as whole days', () => {
    const query = themeListQuery.parse({
      archived: 'true',
      ai: 'true',
      wrote_at_after: '2026-10-01',
      wrote_at_before: '2026-10-31',
    });
    expect(query.archived).toBe(true);
    expect(query.ai).toBe(true);
    expect(query.wrote_at_after).toBeInstanceOf(Date);
    expect(query.wrote_at_before!.getTime()).toBeGreaterThan(query.wrote_at_after!.getTime());
  });

  it('bounds the page size and refuses a bad date, naming the field', () => {
    expect(themeListQuery.safeParse({ page_size: '201' }).error?.issues[0]?.path).toEqual(['page_size']);
    expect(themeListQuery.safeParse({ page: '0' }).error?.issues[0]?.path).toEqual(['page']);
    expect(themeListCountQuery.safeParse({ wrote_at_after: 'вчера' }).error?.issues[0]?.path).toEqual([
      'wrote_at_after',
    ]);
  });
});
