import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TABS } from './filter-url.ts';
import { useMessagesUrlState } from './useMessagesUrlState.ts';

function Harness() {
  const state = useMessagesUrlState();
  return (
    <>
      <output>{JSON.stringify({ ...state.filter, tab: state.tab })}</output>
      <button type="button" onClick={() => state.patchFilter({ search: 'мост' }, { replace: true })}>
        поиск
      </button>
      <button type="button" onClick={() => state.patchFilter({ mood_in: [2] })}>
        тональность
      </button>
      <button type="button" onClick={() => state.setTab(MESSAGE_TABS.stats)}>
        вкладка
      </button>
    </>
  );
}

/** The page under a route whose loader takes a while, as the app's loaders do on every URL change. */
function setup(path = '/messages?verified=true') {
  const router = createMemoryRouter(
    [
      {
        path: '/messages',
        loader: () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 30)),
        element: <Harness />,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const query = (router: ReturnType<typeof setup>) => new URLSearchParams(router.state.location.search);

describe('useMessagesUrlState: changes made before the URL has caught up', () => {
  it('keeps the first change when a second follows before the navigation ends', async () => {
    const router = setup();
    await screen.findByText(/"verified":true/);

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'поиск' }));
      fireEvent.click(screen.getByRole('button', { name: 'тональность' }));
      fireEvent.click(screen.getByRole('button', { name: 'вкладка' }));
    });

    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await waitFor(() => expect(query(router).get('tab')).toBe('2'));
    expect(query(router).get('search')).toBe('мост');
    expect(query(router).get('mood_in')).toBe('2');
    expect(query(router).get('verified')).toBe('true');
  });

  it('starts from the URL on screen once the router is idle (Back included)', async () => {
    const router = setup();
    await screen.findByText(/"verified":true/);
    fireEvent.click(screen.getByRole('button', { name: 'тональность' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('"mood_in":[2]'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toContain('mood_in'));
    fireEvent.click(screen.getByRole('button', { name: 'вкладка' }));
    await waitFor(() => expect(query(router).get('tab')).toBe('2'));
    expect(query(router).get('mood_in')).toBeNull();
    expect(query(router).get('verified')).toBe('true');
  });
});
