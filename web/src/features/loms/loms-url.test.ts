import { describe, expect, it } from 'vitest';
import { activeFilterCount, lomFilterQuery, lomListQuery, lomsUrlParams, parseLomsUrl } from './loms-url.ts';

describe('the /loms URL', () => {
  it('reads defaults from an empty URL', () => {
    const state = parseLomsUrl(new URLSearchParams());
    expect(state).toMatchObject({ page: 1, ordering: '-subscribers', search: '', favourites: false });
    expect(state.after).toBeUndefined();
    expect(lomsUrlParams(state).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const url =
      'page=3&ordering=-total_si&search=%D0%98%D0%B2%D0%B0%D0%BD&wrote_at_after=2026-10-01&wrote_at_before=2026-10-31' +
      '&lom_types_in=1,2&segment_in=3&category_in=4&lom_focuses_in=5&producer_centers_in=6,7&region_in=8' +
      '&source_in=9&is_active=false&is_favourite=true';
    const state = parseLomsUrl(new URLSearchParams(url));
    expect(state.ids.producer_centers_in).toEqual([6, 7]);
    expect(state.isActive).toBe('false');
    expect(new URLSearchParams(lomsUrlParams(state)).toString()).toBe(new URLSearchParams(url).toString());
    expect(activeFilterCount(state)).toBe(8);
  });

  it('takes the period of the lom-selection landing and drops its time', () => {
    const state = parseLomsUrl(
      new URLSearchParams('message__wrote_at_after=2025-11-23T00:00:00&message__wrote_at_before=2026-11-23'),
    );
    expect([state.after, state.before]).toEqual(['2025-11-23', '2026-11-23']);
    expect(lomsUrlParams(state).get('wrote_at_after')).toBe('2025-11-23');
  });

  it('ignores what it cannot read', () => {
    const state = parseLomsUrl(
      new URLSearchParams(
        'page=-2&ordering=password&region_in=a,0,5&is_active=maybe&wrote_at_after=yesterday',
      ),
    );
    expect(state).toMatchObject({ page: 1, ordering: '-subscribers', isActive: undefined, after: undefined });
    expect(state.ids.region_in).toEqual([5]);
  });

  it('builds the list query without empty values', () => {
    const state = parseLomsUrl(new URLSearchParams('search=%20%20&source_in=2&is_favourite=true&page=2'));
    expect(lomFilterQuery(state)).toEqual({ ordering: '-subscribers', source_in: '2', is_favourite: true });
    expect(lomListQuery(state)).toEqual({
      ordering: '-subscribers',
      source_in: '2',
      is_favourite: true,
      page: 2,
    });
  });
});
