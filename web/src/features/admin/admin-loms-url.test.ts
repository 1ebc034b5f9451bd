import { describe, expect, it } from 'vitest';
import { adminLomsQuery, adminLomsUrlParams, parseAdminLomsUrl } from './loms/loms-url.ts';
import { mlgQuery, mlgUrlParams, parseMlgUrl } from './mlg/mlg-url.ts';
import { parseSourcesUrl, sourcesQuery, sourcesUrlParams } from './sources/sources-url.ts';

describe('admin list URLs', () => {
  it('sources: filter, lom_isnull, probable_loms_isnull and page round-trip; bad values fall back', () => {
    const params = new URLSearchParams('filter=+vk+&lom_isnull=true&probable_loms_isnull=false&page=3');
    const state = parseSourcesUrl(params);
    expect(state).toEqual({ filter: 'vk', lomIsNull: true, probableIsNull: false, page: 3 });
    expect(sourcesUrlParams(state).toString()).toBe(
      'filter=vk&lom_isnull=true&probable_loms_isnull=false&page=3',
    );
    expect(sourcesQuery(state)).toMatchObject({
      filter: 'vk',
      lom_isnull: true,
      probable_loms_isnull: false,
      page: 3,
    });
    expect(parseSourcesUrl(new URLSearchParams('lom_isnull=yes&page=-2'))).toEqual({
      filter: '',
      lomIsNull: undefined,
      probableIsNull: undefined,
      page: 1,
    });
    expect(sourcesUrlParams(parseSourcesUrl(new URLSearchParams(''))).toString()).toBe('');
  });

  it('loms: filter, is_active and page', () => {
    const state = parseAdminLomsUrl(new URLSearchParams('filter=Петров&is_active=false&page=2'));
    expect(state).toEqual({ filter: 'Петров', isActive: false, page: 2 });
    expect(adminLomsQuery(state)).toMatchObject({
      filter: 'Петров',
      is_active: false,
      page: 2,
      page_size: 25,
    });
    expect(parseAdminLomsUrl(adminLomsUrlParams(state))).toEqual(state);
  });

  it('mlg reports: search and page', () => {
    const state = parseMlgUrl(new URLSearchParams('search=480&page=x'));
    expect(state).toEqual({ search: '480', page: 1 });
    expect(mlgUrlParams(state).toString()).toBe('search=480');
    expect(mlgQuery(state)).toMatchObject({ search: '480', page: 1 });
  });
});
