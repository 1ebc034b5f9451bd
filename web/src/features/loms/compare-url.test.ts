import { describe, expect, it } from 'vitest';
import { compareUrlParams, parseCompareUrl } from './compare-url.ts';

describe('compare URL', () => {
  it('reads the loms in order without repeats, the period and the page', () => {
    const state = parseCompareUrl(
      new URLSearchParams(
        'id_in=5,2,x,5,,-1&wrote_at_after=2025-06-01&message__wrote_at_before=2025-06-30&page=2',
      ),
    );
    expect(state).toEqual({ ids: [5, 2], after: '2025-06-01', before: '2025-06-30', page: 2 });
    expect(parseCompareUrl(new URLSearchParams('page=0&wrote_at_after=вчера'))).toEqual({
      ids: [],
      after: undefined,
      before: undefined,
      page: 1,
    });
  });

  it('writes only what is set', () => {
    expect(compareUrlParams({ ids: [3, 1], page: 1 }).toString()).toBe('id_in=3%2C1');
    expect(compareUrlParams({ ids: [], after: '2025-01-01', page: 3 }).toString()).toBe(
      'wrote_at_after=2025-01-01&page=3',
    );
  });
});
