import { describe, expect, it } from 'vitest';
import {
  adminListQuery,
  adminListUrlParams,
  fromTri,
  parseAdminListUrl,
  triValue,
} from './admin-list-url.ts';

describe('admin list URL', () => {
  it('defaults to ai=false, page 1 and no flags', () => {
    const state = parseAdminListUrl(new URLSearchParams(''));
    expect(state).toEqual({
      search: '',
      ai: false,
      archived: undefined,
      active: undefined,
      theme: undefined,
      page: 1,
    });
    expect(adminListUrlParams(state).toString()).toBe('');
    expect(adminListQuery(state)).toMatchObject({ ai: false, page: 1, page_size: 25 });
  });

  it('reads and writes every filter, ignoring bad values', () => {
    const params = new URLSearchParams('search=дороги&ai=true&archived=false&is_active=true&theme=7&page=3');
    const state = parseAdminListUrl(params);
    expect(state).toEqual({ search: 'дороги', ai: true, archived: false, active: true, theme: 7, page: 3 });
    expect(parseAdminListUrl(adminListUrlParams(state))).toEqual(state);
    expect(parseAdminListUrl(new URLSearchParams('page=-2&theme=abc&archived=maybe'))).toMatchObject({
      page: 1,
      theme: undefined,
      archived: undefined,
    });
  });

  it('maps tri-state selects', () => {
    expect(triValue(undefined)).toBe('all');
    expect(fromTri('false')).toBe(false);
    expect(fromTri('all')).toBeUndefined();
  });
});
