import { apiPath, MESSAGE_PATHS } from '@monitoring/contracts';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { buildMessageDetail, page } from '../../test/messages.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { MessagePage } from './MessagePage.tsx';

const DETAIL = apiPath(MESSAGE_PATHS.detail, { id: 7 });
const TEXT = 'Газпром и Роснефть подписали соглашение';

function render(path: string) {
  const message = buildMessageDetail({
    id: 7,
    text: TEXT,
    fragments: [
      {
        id: 1,
        text: 'Газпром и',
        start: 0,
        end: 9,
        speech_timestamp: null,
        mood: 1,
        mood_ai: null,
        theme: null,
        info_reason: null,
        tags: [],
        quotes: [],
      },
    ],
  });
  const { requests } = installFakeApi({
    routes: {
      [`GET ${DETAIL}`]: (request) => {
        const search = new URLSearchParams(request.search).get('search');
        return json(
          200,
          search
            ? { ...message, highlighted_text: TEXT.replace('Роснефть', '<mark>Роснефть</mark>') }
            : message,
        );
      },
      [`GET ${MESSAGE_PATHS.comments}`]: () => json(200, page([], 1, 1, 0)),
    },
  });
  renderWithUser(<MessagePage />, { user: buildUser(), path, route: '/messages/:id' });
  return requests;
}

const textBox = () => document.querySelector('.selectable-text__text');

describe('the message card opened from a searched list', () => {
  it('asks for the text marked by the list’s search and marks it over the fragments', async () => {
    const requests = render(`/messages/7?search=${encodeURIComponent('роснефть')}`);
    await waitFor(() => expect(textBox()?.querySelector('mark')?.textContent).toBe('Роснефть'));
    const searched = requests.filter((r) => r.path === DETAIL && r.search);
    expect(searched.map((r) => new URLSearchParams(r.search).get('search'))).toEqual(['роснефть']);
    // The text is the message's own: the fragment keeps its offsets, the mark adds no characters.
    expect(textBox()?.textContent).toBe(TEXT);
    expect(textBox()?.querySelector('.message-text__highlight')?.textContent).toBe('Газпром и');
    expect(textBox()?.querySelector('mark')?.getAttribute('data-start')).toBe('10');
  });

  it('asks for no marks without a search, or with one the server would refuse', async () => {
    const requests = render('/messages/7?search=%22oops');
    await waitFor(() => expect(textBox()?.textContent).toBe(TEXT));
    expect(textBox()?.querySelector('mark')).toBeNull();
    expect(requests.filter((r) => r.path === DETAIL).map((r) => r.search)).toEqual(['']);
  });
});
