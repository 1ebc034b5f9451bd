import { describe, expect, it } from 'vitest';
import { parseUsersUrl, usersQuery, usersUrlParams } from './users-url.ts';

describe('users URL', () => {
  it('reads and writes the filters, dropping bad values', () => {
    const state = parseUsersUrl(
      new URLSearchParams('search=ива&role=2&organization=3&is_active=false&page=2'),
    );
    expect(state).toEqual({ search: 'ива', role: 2, organization: 3, active: false, page: 2 });
    expect(usersUrlParams(state).toString()).toBe(
      'search=%D0%B8%D0%B2%D0%B0&role=2&organization=3&is_active=false&page=2',
    );
    expect(parseUsersUrl(new URLSearchParams('role=7&organization=x&is_active=maybe&page=-1'))).toEqual({
      search: '',
      role: undefined,
      organization: undefined,
      active: undefined,
      page: 1,
    });
    expect(usersQuery({ search: '', role: 0, page: 1 })).toMatchObject({
      role: 0,
      search: undefined,
      page_size: 25,
    });
  });
});
