import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUser } from '../test/render-with-user.tsx';
import { OFFLINE_TEXT, OfflineAlert } from './OfflineAlert.tsx';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineAlert', () => {
  afterEach(() => vi.restoreAllMocks());

  it('appears while the browser is offline and goes away when it is back', () => {
    renderWithUser(<OfflineAlert />);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    goOnline(false);
    expect(screen.getByRole('alert').textContent).toContain(OFFLINE_TEXT);
    goOnline(true);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
  });
});
