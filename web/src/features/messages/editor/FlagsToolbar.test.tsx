import { ROLES } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api.ts';
import { buildMessageDetail, page } from '../../../test/messages.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { buildUser } from '../../../test/users.ts';

const DETAIL = '/api/v3/messages/5/';

function setup(role: (typeof ROLES)[keyof typeof ROLES], overrides = {}) {
  let verified = false;
  const api = installFakeApi({
    user: buildUser({ role }),
    routes: {
      [`GET ${DETAIL}`]: () => json(200, buildMessageDetail({ id: 5, verified, ...overrides })),
      'GET /api/v2/messages/comment/': () => json(200, page([], 1, 1, 0)),
      'PATCH /api/v2/messages/5/verify/': () => {
        verified = !verified;
        return json(200, { id: 5, verified });
      },
      'PATCH /api/v2/messages/5/se-verify/': () => json(200, { id: 5 }),
      'PATCH /api/v2/messages/5/archive/': () => json(200, { id: 5 }),
    },
  });
  renderApp('/messages/5', { token: 'test-token' });
  return api;
}

const toolbar = () => screen.findByRole('toolbar', { name: 'Флаги сообщения' }, { timeout: 10_000 });

describe('message editor flags (§4)', () => {
  it('toggles a flag through its own path and reloads the message', async () => {
    const { requests } = setup(ROLES.editor);
    const bar = await toolbar();
    const detailLoads = () => requests.filter((r) => r.method === 'GET' && r.path === DETAIL).length;
    // A slow first render may load the detail twice (its 5 s staleness): count from what is there.
    const before = detailLoads();
    expect(before).toBeGreaterThan(0);

    fireEvent.click(within(bar).getByRole('button', { name: 'Проверено' }));
    await waitFor(() => expect(detailLoads()).toBe(before + 1));
    expect(requests.some((r) => r.method === 'PATCH' && r.path === '/api/v2/messages/5/verify/')).toBe(true);
    await waitFor(() =>
      expect(bar.querySelector('[data-call="verify"]')?.getAttribute('aria-pressed')).toBe('true'),
    );
    // The pressed state's icon is decorative: the button is still named by its label alone.
    expect(within(bar).getByRole('button', { name: 'Проверено', pressed: true })).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: 'В архиве' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'PATCH' && r.path === '/api/v2/messages/5/archive/')).toBe(
        true,
      ),
    );
  });

  it('hides super-verify from an editor without SUPER_EDITOR_STATUS', async () => {
    setup(ROLES.editor);
    const bar = await toolbar();
    expect(within(bar).queryByRole('button', { name: 'Супер-проверка' })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'В корзине' })).toBeTruthy();
  });

  it('gives a super editor super-verify on its path', async () => {
    const { requests } = setup(ROLES.superEditor);
    const bar = await toolbar();
    fireEvent.click(within(bar).getByRole('button', { name: 'Супер-проверка' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'PATCH' && r.path === '/api/v2/messages/5/se-verify/')).toBe(
        true,
      ),
    );
  });

  it('asks before verifying a message without a theme and a mood, naming both, and verifies on «Да»', async () => {
    const { requests } = setup(ROLES.editor, { theme: null, mood: null });
    const bar = await toolbar();
    const verifyCalls = () =>
      requests.filter((r) => r.method === 'PATCH' && r.path === '/api/v2/messages/5/verify/').length;

    fireEvent.click(within(bar).getByRole('button', { name: 'Проверено' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Отметить сообщение проверенным?');
    expect(dialog.textContent).toContain('У сообщения нет темы и тональности.');
    expect(verifyCalls()).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Да, проверено' }));
    await waitFor(() => expect(verifyCalls()).toBe(1));
  });

  it('names only the mood when the theme is set, and sends nothing on «Отмена»', async () => {
    const { requests } = setup(ROLES.editor, { mood: null });
    const bar = await toolbar();
    fireEvent.click(within(bar).getByRole('button', { name: 'Проверено' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('У сообщения нет тональности.');
    expect(dialog.textContent).not.toContain('темы');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Проверено' })).toBeTruthy());
    expect(requests.some((r) => r.method === 'PATCH' && r.path === '/api/v2/messages/5/verify/')).toBe(false);
  });

  it('shows no flag buttons to a reader', async () => {
    setup(ROLES.user);
    expect(await screen.findByText('Текст сообщения 5', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Флаги сообщения' })).toBeNull();
  });
});
