import { describe, expect, it } from 'vitest';
import { lomSelectionLanding, messagesLinkQuery, NAV_ENTRIES } from './navigation.ts';
import { hasPermission, type Permission } from './permissions.ts';

const now = new Date(2026, 10, 23, 15, 30);
const canFor =
  (role: number, ui: string[] = []) =>
  (p: Permission) =>
    hasPermission({ role, ui_permissions: ui }, p);

describe('navigation', () => {
  it('computes fresh periods from the moment of hover', () => {
    const index = NAV_ENTRIES.find((e) => e.key === 'index');
    expect(index?.query?.({ now, can: canFor(1) })).toEqual({
      wrote_at_after: '2026-11-17',
      wrote_at_before: '2026-11-23',
    });
    const rubrics = NAV_ENTRIES.find((e) => e.key === 'rubrics');
    expect(rubrics?.query?.({ now, can: canFor(1) })).toMatchObject({ wrote_at_after: '2026-05-23' });
  });

  it('gives the messages link the queue of the role', () => {
    const superEditor = messagesLinkQuery({ now, can: canFor(1) });
    expect(superEditor).toMatchObject({ verified: true, verified_by_super_editor: false });
    expect(superEditor).not.toHaveProperty('archived');
    const editor = messagesLinkQuery({ now, can: canFor(2) });
    expect(editor).toMatchObject({ state_in: [2], archived: false, wrote_at_after: '2026-10-23' });
    expect(editor.message_type_in).toEqual([0, 1, 8, 101, 102]);
    expect(messagesLinkQuery({ now, can: canFor(3) })).not.toHaveProperty('state_in');
  });

  it('shows role 102 only the lom list and sends it there for a year', () => {
    const visible = NAV_ENTRIES.filter((e) => canFor(102)(e.permission)).map((e) => e.key);
    expect(visible).toEqual(['loms']);
    expect(lomSelectionLanding(now)).toEqual({
      path: '/loms',
      query: { message__wrote_at_after: '2025-11-23', message__wrote_at_before: '2026-11-23' },
    });
  });

  it('shows nothing to roles without permissions', () => {
    for (const role of [0, 101]) expect(NAV_ENTRIES.filter((e) => canFor(role)(e.permission))).toEqual([]);
  });
});
