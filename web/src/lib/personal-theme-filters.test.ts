import { describe, expect, it } from 'vitest';
import { conditionCount, messagesLinkOf, savedFilters } from './personal-theme-filters.ts';

describe('personal theme filters', () => {
  it('saves only the set values of the message filter', () => {
    expect(
      savedFilters({ theme_in: [13], mood_in: [], verified: true, search: '', wrote_at_after: undefined }),
    ).toEqual({ theme_in: [13], verified: true });
  });

  it('counts conditions without the ordering and empty values', () => {
    expect(
      conditionCount({ theme_in: [3], mood_in: [], verified: true, ordering: '-wrote_at', x: null }),
    ).toBe(2);
  });

  it('links to the message list with the saved filter', () => {
    expect(messagesLinkOf({ theme_in: [3, 4], verified: true, mood_in: [] })).toBe(
      '/messages?theme_in=3%2C4&verified=true',
    );
    expect(messagesLinkOf({})).toBe('/messages');
  });
});
