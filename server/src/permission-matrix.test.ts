import { AUTH_PATHS } from '@monitoring/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from './demo/users.ts';
import { passesGuard } from './http/auth.ts';
import type { ApiRoute } from './http/route-table.ts';
import { createKit } from './test/kit.ts';
import { documentedGuards, guardText, parseGuardText, routeKey } from './test/route-guards.ts';

/**
 * Every route the app registers, times every demo role, held against the guard docs/permissions.md gives it
 * (issue 13, part 5). Allowed means anything but 403; denied means 403. A route without a documented guard
 * fails, so no route is added without a decision.
 */

const kit = await createKit();
const documented = documentedGuards();
const routes = kit.app.apiRoutes;
afterAll(() => kit.close());

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
      for (const account of DEMO_USERS) {
        // Logout revokes the token it is called with: it gets a token of its own, of the same account kind.
        const caller =
          route.url === AUTH_PATHS.logout
            ? await kit.caller({ role: account.role, uiPermissions: [...account.uiPermissions] })
            : kit.as(account.login);
        const url = fill(route.url);
        const res =
          route.method === 'GET' ? await caller.get(url) : await caller.request(route.method, url, {});
        const holder = {
          role: account.role,
          ui_permissions: [...account.uiPermissions],
          extra_permissions: [],
        };
        const allowed = guard === 'public' || guard === 'authenticated' || passesGuard(holder, guard);
        const who = `${account.login} (role ${account.role})`;
        if (allowed && res.statusCode === 403) wrong.push(`${who} is refused`);
        if (!allowed && res.statusCode !== 403) wrong.push(`${who} gets ${res.statusCode}`);
        if (res.statusCode >= 500) wrong.push(`${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );
});

describe('every route without a token', () => {
  it('answers 401 unless its guard is public', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const guard = parseGuardText(documented.get(routeKey(route.method, route.url)) as string);
      if (guard === 'public') continue;
      const url = fill(route.url);
      const res =
        route.method === 'GET'
          ? await kit.anonymous.get(url)
          : await kit.anonymous.request(route.method, url, {});
      if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
