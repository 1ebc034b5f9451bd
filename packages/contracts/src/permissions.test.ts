import { describe, expect, it } from 'vitest';
import { effectiveScope, hasPermission, ROLE_PRESETS } from './permissions.ts';

const user = (role: number, ui_permissions: string[] = [], extra_permissions: string[] = []) => ({
  role,
  ui_permissions,
  extra_permissions,
});

describe('hasPermission', () => {
  it('passes an old-style permission held by the role preset', () => {
    expect(hasPermission(user(2), 'EDIT_MESSAGE_ATTRIBUTES')).toBe(true);
    expect(hasPermission(user(3), 'EDIT_MESSAGE_ATTRIBUTES')).toBe(false);
  });

  it('passes a named permission through its old-style counterpart in the role list, and back', () => {
    expect(hasPermission(user(1), 'view_logs')).toBe(true);
    expect(hasPermission(user(2), 'view_logs')).toBe(false);
    expect(hasPermission(user(3, ['view_logs']), 'LOGS')).toBe(true);
    expect(hasPermission(user(3, ['view_logs']), 'view_logs')).toBe(true);
  });

  it('passes extra old-style permissions added to the user', () => {
    expect(hasPermission(user(3, [], ['SETTINGS']), 'view_settings')).toBe(true);
  });

  it('makes the admin panel depend on any admin view, which no role grants by itself', () => {
    expect(hasPermission(user(1), 'ADMIN_PANEL')).toBe(false);
    expect(hasPermission(user(3, ['view_rubric_admin']), 'ADMIN_PANEL')).toBe(true);
    expect(hasPermission(user(3, ['view_rubric_admin']), 'view_lom_admin')).toBe(false);
  });

  it('gives roles 0 and 101 nothing and unknown roles nothing', () => {
    for (const role of [0, 101, 77]) expect(effectiveScope(user(role))).toEqual([]);
  });

  it('follows the role mapping of docs/permissions.md', () => {
    expect(effectiveScope(user(102)).sort()).toEqual(['LOMS', 'view_loms']);
    expect(hasPermission(user(4), 'THEMES_DASHBOARD')).toBe(true);
    expect(hasPermission(user(4), 'FAVORITE_LOMS')).toBe(true);
    expect(hasPermission(user(3), 'FAVORITE_LOMS')).toBe(false);
    expect(hasPermission(user(3), 'PERSONAL_TAGS')).toBe(true);
    expect(hasPermission(user(3), 'ANALYST_CARD')).toBe(true);
    expect(hasPermission(user(1), 'SUPER_EDITOR_STATUS')).toBe(true);
    expect(hasPermission(user(2), 'SUPER_EDITOR_STATUS')).toBe(false);
    expect(hasPermission(user(2), 'editor_actions_counter')).toBe(true);
    expect(new Set(ROLE_PRESETS[4]).size).toBe(ROLE_PRESETS[4].length);
  });
});
