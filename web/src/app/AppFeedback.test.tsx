import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { type FeedbackApi, useFeedback } from '../ui/feedback.ts';
import { AppFeedback } from './AppFeedback.tsx';

/** Calls the API on mount, before antd's App has loaded, and hands it to the test. */
function Caller({ onApi }: { onApi: (api: FeedbackApi) => void }) {
  const api = useFeedback();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the API of the first render.
  useEffect(() => onApi(api), []);
  return null;
}

describe('AppFeedback', () => {
  it('shows a message called before the holders loaded, once they have', async () => {
    render(
      <AppFeedback notification={undefined}>
        <Caller onApi={(api) => api.message.success('Сохранено')} />
      </AppFeedback>,
    );
    expect(await screen.findByText('Сохранено')).toBeTruthy();
  });

  it('drops a message closed before it was shown, and shows a notification', async () => {
    let api: FeedbackApi | null = null;
    render(
      <AppFeedback notification={undefined}>
        <Caller
          onApi={(next) => {
            api = next;
            const close = next.message.loading('Формируем отчёт…', 0);
            close();
            next.notification.open({ title: 'Готово' });
          }}
        />
      </AppFeedback>,
    );
    expect(await screen.findByText('Готово')).toBeTruthy();
    expect(screen.queryByText('Формируем отчёт…')).toBeNull();
    // After loading, calls go straight to antd's API.
    await waitFor(() => expect(api).not.toBeNull());
    act(() => {
      api?.message.info('Ещё одно');
    });
    expect(await screen.findByText('Ещё одно')).toBeTruthy();
  });
});
