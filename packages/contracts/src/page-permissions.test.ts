import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV_ENTRIES, NAV_ENTRIES, PROFILE_NAV_ENTRY } from './navigation.ts';
import {
  canOpenPage,
  PAGE_ACCESS,
  type PageAccess,
  pageAccessPermissions,
  pagePermission,
} from './page-permissions.ts';
import { hasPermission, isPermission, type Permission } from './permissions.ts';
import { ROLES } from './roles.ts';
import { GUEST_ROUTES, ROUTES, type RouteName } from './routes.ts';

const NAMES = Object.keys(ROUTES) as RouteName[];

const canFor = (role: number) => (permission: Permission) =>
  hasPermission({ role, ui_permissions: [] }, permission);

function describeAccess(access: PageAccess): string {
  if (access === 'public') return 'public';
  return pageAccessPermissions(access)
    .map((permission) => `\`${permission}\``)
    .join(' + ');
}

/** The rows of the "Pages" table of docs/permissions.md: route, path, permission. */
function documentedRows(): string[][] {
  const doc = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
  const section = doc.split(/^## Pages$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('page permissions', () => {
  it('declares a known permission for every route, and public for the guest pages only', () => {
    expect(Object.keys(PAGE_ACCESS).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) {
      const access = PAGE_ACCESS[name];
      expect(access === 'public', name).toBe(GUEST_ROUTES.includes(name));
      for (const permission of pageAccessPermissions(access)) expect(isPermission(permission)).toBe(true);
    }
  });

  it('shows a navigation entry with the permission of its page', () => {
    for (const entry of [...NAV_ENTRIES, ...ADMIN_NAV_ENTRIES, PROFILE_NAV_ENTRY]) {
      const name = NAMES.find((n) => ROUTES[n] === entry.path);
      expect(name, entry.path).toBeDefined();
      if (name) expect(PAGE_ACCESS[name], entry.path).toBe(entry.permission);
    }
    expect(() => pagePermission('login')).toThrow();
    expect(() => pagePermission('themes-ai')).toThrow();
  });

  it('opens the pages of a role as its preset says', () => {
    expect(canOpenPage('dashboards-theme', canFor(ROLES.user))).toBe(false);
    expect(canOpenPage('dashboards-theme', canFor(ROLES.extendedUser))).toBe(true);
    expect(canOpenPage('messages-id', canFor(ROLES.lomSelection))).toBe(false);
    expect(canOpenPage('loms-id', canFor(ROLES.lomSelection))).toBe(true);
    expect(canOpenPage('themes-ai', canFor(ROLES.user))).toBe(false);
    expect(canOpenPage('themes-ai', canFor(ROLES.editor))).toBe(true);
    expect(canOpenPage('login', canFor(ROLES.undefined))).toBe(true);
    expect(NAMES.filter((name) => canOpenPage(name, canFor(ROLES.service)))).toEqual(GUEST_ROUTES);
  });

  it('is the table of docs/permissions.md', () => {
    const expected = NAMES.map((name) => [
      `\`${name}\``,
      `\`${ROUTES[name]}\``,
      describeAccess(PAGE_ACCESS[name]),
    ]);
    expect(documentedRows()).toEqual(expected);
  });
});
