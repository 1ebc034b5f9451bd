import { describe, expect, it } from 'vitest';
import { adminRubricsUrlParams, parseAdminRubricsUrl } from './admin-rubrics-url.ts';

describe('admin rubrics URL', () => {
  it('round-trips the search, archive filter, open rubric and page', () => {
    const state = parseAdminRubricsUrl(new URLSearchParams('search=спорт&archived=false&rubric=4&page=2'));
    expect(state).toEqual({ search: 'спорт', archived: false, rubric: 4, page: 2 });
    expect(parseAdminRubricsUrl(adminRubricsUrlParams(state))).toEqual(state);
  });

  it('drops bad values and defaults', () => {
    const state = parseAdminRubricsUrl(new URLSearchParams('rubric=x&page=0&archived=1'));
    expect(state).toEqual({ search: '', archived: undefined, rubric: undefined, page: 1 });
    expect(adminRubricsUrlParams(state).toString()).toBe('');
  });
});
