import { describe, expect, it } from 'vitest';
import { parseTagsUrl, tagsUrlParams } from './tags-url.ts';

describe('profile tag tabs URL', () => {
  it('defaults to the profile tab and writes nothing', () => {
    const state = parseTagsUrl(new URLSearchParams());
    expect(state).toEqual({
      tab: 'profile',
      tagsSearch: '',
      tagsPage: 1,
      personalSearch: '',
      personalPage: 1,
    });
    expect(tagsUrlParams(state).toString()).toBe('');
  });

  it('round-trips the tab and each list’s search and page', () => {
    const text = 'tab=tags&tags_search=%D1%84%D0%B5%D0%B9%D0%BA&tags_page=2&personal_tags_page=3';
    expect(tagsUrlParams(parseTagsUrl(new URLSearchParams(text))).toString()).toBe(text);
    expect(parseTagsUrl(new URLSearchParams('tab=secret')).tab).toBe('profile');
  });
});
