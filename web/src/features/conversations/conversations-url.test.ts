import { describe, expect, it } from 'vitest';
import { conversationsUrlParams, mergeConversations, parseConversationsUrl } from './conversations-url.ts';

describe('the /conversations URL', () => {
  it('reads and writes the filters and the open conversation', () => {
    const query =
      'wrote_at_after=2025-03-01&wrote_at_before=2025-03-10&search=%D1%8D%D1%84%D0%B8%D1%80&source_in=2%2C5&channel_in=3&ordering=-si&page=2&conversation=14';
    const state = parseConversationsUrl(new URLSearchParams(query));
    expect(state).toEqual({
      after: '2025-03-01',
      before: '2025-03-10',
      search: 'эфир',
      sources: [2, 5],
      channels: [3],
      ordering: '-si',
      page: 2,
      conversation: 14,
    });
    expect(conversationsUrlParams(state).toString()).toBe(query);
  });

  it('defaults to everything, newest first, nothing open', () => {
    const state = parseConversationsUrl(new URLSearchParams('conversation=abc&page=x&ordering=name'));
    expect(state).toMatchObject({
      sources: [],
      channels: [],
      ordering: '-wrote_at',
      page: 1,
      conversation: null,
    });
    expect(conversationsUrlParams(state).toString()).toBe('');
  });

  it('keeps the page when a conversation opens or closes, and goes back to page 1 on a filter', () => {
    const state = parseConversationsUrl(new URLSearchParams('page=3'));
    expect(mergeConversations(state, { conversation: 7 }).page).toBe(3);
    expect(mergeConversations({ ...state, conversation: 7 }, { conversation: null }).page).toBe(3);
    expect(mergeConversations(state, { sources: [1] }).page).toBe(1);
    expect(mergeConversations(state, { page: 4 }).page).toBe(4);
  });
});
