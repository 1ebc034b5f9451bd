import { describe, expect, it } from 'vitest';
import { graphQuery } from './theme-relations.ts';

describe('the theme relation graph query', () => {
  it('moves the end date back one day (product.md §4)', () => {
    expect(graphQuery({ lomIds: [3, 4], after: '2026-03-01', before: '2026-03-31' })).toEqual({
      lom_in: [3, 4],
      wrote_at_after: '2026-03-01',
      wrote_at_before: '2026-03-30',
    });
  });

  it('keeps a one-day period on its day and leaves out an empty lom filter', () => {
    expect(graphQuery({ lomIds: [], after: '2026-03-05', before: '2026-03-05' })).toEqual({
      lom_in: undefined,
      wrote_at_after: '2026-03-05',
      wrote_at_before: '2026-03-05',
    });
  });
});
