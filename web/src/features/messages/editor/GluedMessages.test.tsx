import { ROLES } from '@monitoring/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api.ts';
import { buildMessageDetail, page } from '../../../test/messages.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { buildUser } from '../../../test/users.ts';
import { duplicatesOf } from './GluedMessages.tsx';

function open(detail: ReturnType<typeof buildMessageDetail>) {
  installFakeApi({
    user: buildUser({ role: ROLES.editor }),
    routes: {
      'GET /api/v3/messages/5/': () => json(200, detail),
      'GET /api/v2/messages/comment/': () => json(200, page([], 1, 1, 0)),
    },
  });
  renderApp('/messages/5', { token: 'test-token' });
}

describe('glued messages in the editor', () => {
  it('links the original and each duplicate', async () => {
    open(
      buildMessageDetail({
        id: 5,
        copy_from_id: 2,
        duplicates: [
          { id: 7, url: 'https://vk.com/copy/7' },
          { id: 'x' },
          { id: 9, url: 'javascript:alert(1)' },
        ],
      }),
    );
    const card = await screen.findByTestId('glued-messages', {}, { timeout: 10_000 });
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/messages/2',
      '/messages/7',
      'https://vk.com/copy/7',
      '/messages/9',
    ]);
  });

  it('shows nothing when nothing is glued (or the server withheld it)', async () => {
    open(buildMessageDetail({ id: 5 }));
    await screen.findByText('Классификация', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('glued-messages')).toBeNull();
  });

  it('reads only well-formed duplicates', () => {
    expect(duplicatesOf({ duplicates: [{ id: 1, url: null }, null, { id: 1.5 }, { id: 3 }] })).toEqual([
      { id: 1, url: null },
      { id: 3, url: null },
    ]);
  });
});
