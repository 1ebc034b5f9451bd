import { describe, expect, it } from 'vitest';
import { routeOfPath } from './prefetch.ts';

describe('routeOfPath', () => {
  it('names the route a login `next` opens, query and all', () => {
    expect(routeOfPath('/messages?page=2')).toBe('messages');
    expect(routeOfPath('/messages/42')).toBe('messages-id');
    expect(routeOfPath('/')).toBe('index');
  });

  it('has no route for an unknown path', () => {
    expect(routeOfPath('/no/such/page')).toBeNull();
  });
});
