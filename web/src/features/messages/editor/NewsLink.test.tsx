import { ROLES } from '@monitoring/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api.ts';
import { buildMessageDetail, page } from '../../../test/messages.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { buildUser } from '../../../test/users.ts';

function open(newsId: number | null) {
  installFakeApi({
    user: buildUser({ role: ROLES.editor }),
    routes: {
      'GET /api/v3/messages/5/': () => json(200, buildMessageDetail({ id: 5, news_id: newsId })),
      'GET /api/v2/messages/comment/': () => json(200, page([], 1, 1, 0)),
    },
  });
  renderApp('/messages/5', { token: 'test-token' });
}

describe('the news of a message in the editor', () => {
  it('links the news item the message belongs to', async () => {
    open(2400);
    const card = await screen.findByTestId('message-news', {}, { timeout: 10_000 });
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/news/2400');
  });

  it('shows nothing for a message outside any news', async () => {
    open(null);
    await screen.findByText('Классификация', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('message-news')).toBeNull();
  });
});
