import { MESSAGE_TYPE_IDS, ROLES } from '@monitoring/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUser } from '../test/render-with-user.tsx';
import { buildUser } from '../test/users.ts';
import { NavBar } from './NavBar.tsx';

function navKeys(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-nav-key]'))
    .map((element) => element.dataset.navKey ?? '')
    .sort();
}

function linkQuery(key: string): URLSearchParams {
  const link = document.querySelector<HTMLAnchorElement>(`a[data-nav-key="${key}"]`);
  if (!link) throw new Error(`no link ${key}`);
  return new URL(link.href).searchParams;
}

describe('NavBar entries', () => {
  it('shows nothing to a user with an empty scope', () => {
    renderWithUser(<NavBar />, { user: buildUser({ scope: [] }) });
    expect(navKeys()).toEqual([]);
  });

  it('adds exactly the entries whose named permission is in the scope', () => {
    renderWithUser(<NavBar />, {
      user: buildUser({ scope: ['view_messages', 'view_logs', 'view_settings'] }),
    });
    expect(navKeys()).toEqual(['alerts', 'logs', 'messages', 'settings']);
  });

  it('shows a basic viewer everything but logs, settings and admin', () => {
    renderWithUser(<NavBar />, { user: buildUser({ role: ROLES.user }) });
    const expected = [
      'index',
      'new-dashboards',
      'producers',
      'loms',
      'social-panel',
      'viral-content',
      'themes',
      'messages',
      'alerts',
      'conversations',
      'news',
      'rubrics',
      'reports',
      'about',
    ];
    expect(navKeys()).toEqual(expected.sort());
  });

  it('shows a lom-selection user only the opinion leaders', () => {
    renderWithUser(<NavBar />, { user: buildUser({ role: ROLES.lomSelection }) });
    expect(navKeys()).toEqual(['loms']);
  });

  it('shows the admin group with only the admin entries the user may open', () => {
    renderWithUser(<NavBar />, { user: buildUser({ scope: ['view_theme_admin', 'ADMIN_PANEL', 'ABOUT'] }) });
    expect(screen.getByText('Администрирование')).toBeTruthy();
    expect(navKeys()).toEqual(['about', 'admin', 'admin-mlg', 'admin-themes', 'admin-users']);
  });

  it('has no admin group without an admin view permission', () => {
    renderWithUser(<NavBar />, { user: buildUser({ scope: ['ADMIN_PANEL', 'view_logs'] }) });
    expect(screen.queryByText('Администрирование')).toBeNull();
    expect(navKeys()).not.toContain('admin-users');
  });
});

describe('message link query', () => {
  afterEach(() => vi.useRealTimers());

  it('gives an editor the AI-marked queue of the last month', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 4, 20, 15, 0) });
    renderWithUser(<NavBar />, { user: buildUser({ role: ROLES.editor }) });
    const query = linkQuery('messages');
    expect(query.get('wrote_at_after')).toBe('2025-04-20');
    expect(query.get('wrote_at_before')).toBe('2025-05-20');
    expect(query.get('message_type_in')).toBe(MESSAGE_TYPE_IDS.join(','));
    expect(query.get('state_in')).toBe('2');
    expect(query.get('archived')).toBe('false');
    expect(query.has('verified')).toBe(false);
  });

  it('gives a super editor the approval queue without the archived filter', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 4, 20, 15, 0) });
    renderWithUser(<NavBar />, { user: buildUser({ role: ROLES.superEditor }) });
    const query = linkQuery('messages');
    expect(query.get('verified')).toBe('true');
    expect(query.get('verified_by_super_editor')).toBe('false');
    expect(query.has('archived')).toBe(false);
    expect(query.has('state_in')).toBe(false);
  });

  it('recomputes the period when the pointer or focus reaches the link', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 4, 20, 23, 59) });
    renderWithUser(<NavBar />, { user: buildUser({ role: ROLES.user }) });
    expect(linkQuery('news').get('wrote_at_after')).toBe('2025-05-20');

    vi.setSystemTime(new Date(2025, 4, 21, 9, 0));
    const news = document.querySelector('a[data-nav-key="news"]') as HTMLAnchorElement;
    fireEvent.mouseEnter(news);
    expect(linkQuery('news').get('wrote_at_after')).toBe('2025-05-21');

    vi.setSystemTime(new Date(2025, 4, 22, 9, 0));
    fireEvent.focus(document.querySelector('a[data-nav-key="messages"]') as HTMLAnchorElement);
    expect(linkQuery('messages').get('wrote_at_before')).toBe('2025-05-22');
  });
});
