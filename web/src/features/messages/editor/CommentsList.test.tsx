import { ROLES } from '@monitoring/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api.ts';
import { buildMessageDetail, page } from '../../../test/messages.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { buildUser } from '../../../test/users.ts';

function comment(id: number) {
  return {
    id,
    message_id: 5,
    author_name: `Автор ${id}`,
    text: `Комментарий ${id}`,
    wrote_at: '2025-05-20T10:00:00.000Z',
    likes: 1,
    mood: null,
  };
}

function setup(comments: ReturnType<typeof comment>[]) {
  installFakeApi({
    user: buildUser({ role: ROLES.editor }),
    routes: {
      'GET /api/v3/messages/5/': () => json(200, buildMessageDetail({ id: 5, comments_count: 235 })),
      'GET /api/v2/messages/comment/': () => json(200, page(comments, 1, 1, comments.length)),
    },
  });
  renderApp('/messages/5', { token: 'test-token' });
}

describe('the comments card of the message editor', () => {
  it('counts the collected comments, not the platform metric of the header', async () => {
    setup([comment(1), comment(2)]);
    expect(await screen.findByText('Комментарии (2)', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Комментарий 2')).toBeTruthy();
    // The header keeps the platform's count.
    expect(screen.getByText('235')).toBeTruthy();
  });

  it('says there are none, with a zero count, when none were collected', async () => {
    setup([]);
    expect(await screen.findByText('Комментарии (0)', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Комментариев нет')).toBeTruthy();
    expect(screen.queryByText('Комментарии (235)')).toBeNull();
  });
});
