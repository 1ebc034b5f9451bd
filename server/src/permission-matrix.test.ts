import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from './demo/users.ts';
import { passesGuard } from './http/auth.ts';
import type { ApiRoute } from './http/route-table.ts';
import { createTestApp } from './test/app.ts';
import { buildUserWithToken } from './test/factories.ts';
import { documentedGuards, guardText, parseGuardText, routeKey } from './test/route-guards.ts';

/**
 * Every route the app registers, times every demo role, held against the guard docs/permissions.md gives it
 * (issue 13, part 5). Allowed means anything but 403; denied means 403. A route without a documented guard
 * fails, so no route is added without a decision.
 */

const t = await createTestApp();
const documented = documentedGuards();
const routes = t.app.apiRoutes;

interface Caller {
  login: string;
  role: number;
  ui_permissions: string[];
  extra_permissions: string[];
  headers: Record<string, string>;
}
const callers: Caller[] = [];

beforeAll(async () => {
  for (const demo of DEMO_USERS) {
    const built = await buildUserWithToken(t.database.db, {
      username: `matrix-${demo.login}`,
      role: demo.role,
      uiPermissions: [...demo.uiPermissions],
    });
    callers.push({
      login: demo.login,
      role: demo.role,
      ui_permissions: [...demo.uiPermissions],
      extra_permissions: [],
      headers: built.headers,
    });
  }
});
afterAll(() => t.close());

/** A path with ids that name nothing, so an allowed call reads or changes nothing. */
const fill = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'token' ? 'a'.repeat(40) : '999999'));

describe('the guard of every route is documented', () => {
  it('docs/permissions.md has a row for every route, with the guard the code declares', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const row = documented.get(routeKey(route.method, route.url));
      if (row === undefined)
        problems.push(`no row: | ${route.method} | \`${route.url}\` | ${guardText(route.guard)} |`);
      else if (row !== guardText(route.guard))
        problems.push(`${route.method} ${route.url}: docs say ${row}, code says ${guardText(route.guard)}`);
    }
    const registered = new Set(routes.map((route) => routeKey(route.method, route.url)));
    for (const key of documented.keys())
      if (!registered.has(key)) problems.push(`documented but not registered: ${key}`);
    expect(problems).toEqual([]);
  });
});

describe('every route as every demo role', () => {
  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    async (_name, route: ApiRoute) => {
      const text = documented.get(routeKey(route.method, route.url));
      expect(text, 'documented guard').toBeDefined();
      const guard = parseGuardText(text as string);
      const wrong: string[] = [];
      for (const caller of callers) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers: caller.headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const allowed =
          guard === 'public' ||
          guard === 'authenticated' ||
          passesGuard({ ...caller, id: 0, tokenId: 0, username: '' }, guard);
        if (allowed && res.statusCode === 403) wrong.push(`${caller.login} (role ${caller.role}) is refused`);
        if (!allowed && res.statusCode !== 403)
          wrong.push(`${caller.login} (role ${caller.role}) gets ${res.statusCode}`);
        if (res.statusCode >= 500) wrong.push(`${caller.login}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );
});
