import { describe, expect, it } from 'vitest';
import { apiPath, pathParamNames } from './api-paths.ts';

describe('apiPath', () => {
  it('fills every :name segment', () => {
    expect(apiPath('/api/v3/messages/:id/personal-tags/:tagId/', { id: 5, tagId: 12 })).toBe(
      '/api/v3/messages/5/personal-tags/12/',
    );
  });

  it('leaves a pattern without segments as it is', () => {
    expect(apiPath('/api/v1/loms/new-loms/')).toBe('/api/v1/loms/new-loms/');
  });

  it('percent-encodes string values', () => {
    expect(apiPath('/api/v1/loms/avatars/:file', { file: 'a b/c.png' })).toBe(
      '/api/v1/loms/avatars/a%20b%2Fc.png',
    );
  });

  it('refuses a value that is not a whole number or is missing', () => {
    expect(() => apiPath('/api/v1/loms/:id/', { id: 1.5 })).toThrow(':id');
    expect(() => apiPath('/api/v1/loms/:id/', { id: Number.NaN })).toThrow(':id');
    expect(() => apiPath('/api/v1/loms/:id/', {} as { id: number })).toThrow(':id is missing');
  });

  it('names the segments of a pattern in order', () => {
    expect(pathParamNames('/api/v1/confirm-password/:id/:token/')).toEqual(['id', 'token']);
    expect(pathParamNames('/api/v1/health/')).toEqual([]);
  });
});
