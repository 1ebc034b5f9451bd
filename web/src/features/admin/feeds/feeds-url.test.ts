import { describe, expect, it } from 'vitest';
import { feedsFiltered, feedsQuery, feedsUrlParams, parseFeedsUrl } from './feeds-url.ts';

describe('the «Сбор» URL', () => {
  it('reads kind, state, search and page, and writes them back after the view', () => {
    const state = parseFeedsUrl(
      new URLSearchParams('view=collect&kind=vk&state=failing&search=+gorod+&page=3'),
    );
    expect(state).toEqual({ kind: 'vk', state: 'failing', search: 'gorod', page: 3 });
    expect(feedsUrlParams(state).toString()).toBe('view=collect&kind=vk&state=failing&search=gorod&page=3');
    expect(feedsQuery(state)).toEqual({ page: 3, kind: 'vk', state: 'failing', search: 'gorod' });
    expect(feedsFiltered(state)).toBe(true);
  });

  it('falls back to all feeds on the first page for anything unknown, and keeps only the view then', () => {
    const state = parseFeedsUrl(new URLSearchParams('view=collect&kind=ftp&state=broken&page=-2&search=%20'));
    expect(state).toEqual({ kind: undefined, state: 'all', search: '', page: 1 });
    expect(feedsUrlParams(state).toString()).toBe('view=collect');
    expect(feedsQuery(state).search).toBeUndefined();
    expect(feedsFiltered(state)).toBe(false);
  });
});
