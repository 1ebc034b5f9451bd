import { ROLES } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api.ts';
import { buildMessageDetail, page } from '../../../test/messages.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { buildUser } from '../../../test/users.ts';

const DETAIL = '/api/v3/messages/5/';
const TEXT = 'Газпром и Роснефть подписали соглашение';

// antd's message.success answers a thenable that settles when the message fades (3 s later): here it never does, so
// a popover that waited for it would stay open.
const toasts = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../ui/feedback.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../ui/feedback.ts')>();
  return {
    ...original,
    useFeedback: () => {
      const api = original.useFeedback();
      const message = new Proxy(api.message, {
        get: (target, key) =>
          key === 'success'
            ? (text: unknown) => {
                toasts.push(text);
                // biome-ignore lint/suspicious/noThenProperty: antd's message.success answers a thenable that settles when the toast fades; this one never settles
                return { then: () => undefined };
              }
            : Reflect.get(target, key),
      });
      return { ...api, message };
    },
  };
});

afterEach(() => vi.restoreAllMocks());

describe('the selection popover of the message text', () => {
  it('closes on the server’s answer to «Создать фрагмент», while the message still reloads', async () => {
    let detailLoads = 0;
    // The reload after the change does not answer until the test lets it.
    let answerReload: (() => void) | undefined;
    const reload = new Promise<void>((resolve) => {
      answerReload = resolve;
    });
    const message = buildMessageDetail({ id: 5, text: TEXT });
    const { requests } = installFakeApi({
      user: buildUser({ role: ROLES.editor }),
      routes: {
        [`GET ${DETAIL}`]: async () => {
          detailLoads += 1;
          const fragmentMade = requests.some((r) => r.method === 'POST');
          if (fragmentMade) await reload;
          return json(200, message);
        },
        'GET /api/v2/messages/comment/': () => json(200, page([], 1, 1, 0)),
        'POST /api/v1/messages/5/fragment/': () =>
          json(201, {
            id: 1,
            message_id: 5,
            text: 'Газпром',
            start: 0,
            end: 7,
            speech_timestamp: null,
            mood: null,
            mood_ai: null,
            theme_id: null,
            info_reason_id: null,
            tags: [],
          }),
      },
    });
    // jsdom lays nothing out: a selection has no box.
    Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 10, 10);
    renderApp('/messages/5', { token: 'test-token' });

    const body = await screen.findByText(TEXT, {}, { timeout: 10_000 });
    const textNode = body.firstChild as Text;
    const range = document.createRange();
    range.setStart(textNode, 0);
    range.setEnd(textNode, 7);
    fireEvent.mouseDown(body);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    fireEvent.mouseUp(document);

    const popover = await screen.findByRole('dialog', { name: 'Выделенный текст' });
    fireEvent.click(within(popover).getByRole('button', { name: 'Создать фрагмент' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Выделенный текст' })).toBeNull());
    // Closed while «Фрагмент создан» is still shown (its thenable has not settled) and the reload still runs.
    expect(toasts).toEqual(['Фрагмент создан']);
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ text: 'Газпром', start: 0, end: 7, speech_timestamp: null });
    // The reload was asked for and has not answered yet: the popover did not wait for it.
    expect(detailLoads).toBeGreaterThanOrEqual(2);
    answerReload?.();
  });
});
