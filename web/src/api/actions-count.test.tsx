import { ACTIONS_COUNT_PATHS } from '@monitoring/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource } from '../test/fake-event-source.ts';
import { ACTIONS_COUNT_RETRY_MS, useActionsCount } from './actions-count.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useActionsCount', () => {
  it('opens the stream with credentials and shows each count as it comes', () => {
    const Fake = installFakeEventSource();
    const { result } = renderHook(() => useActionsCount(true));
    const source = Fake.latest();
    expect(source.url).toBe(ACTIONS_COUNT_PATHS.stream);
    expect(source.withCredentials).toBe(true);
    expect(result.current).toBeNull();
    act(() => source.emit({ count: 12, day: '2026-03-01' }));
    expect(result.current).toBe(12);
    act(() => source.emit({ count: 13, day: '2026-03-01' }));
    expect(result.current).toBe(13);
  });

  it('shows no count while disconnected, and the new one after the browser reconnects', () => {
    const Fake = installFakeEventSource();
    const { result } = renderHook(() => useActionsCount(true));
    const source = Fake.latest();
    act(() => source.emit({ count: 5, day: '2026-03-01' }));
    act(() => source.fail());
    expect(result.current).toBeNull();
    act(() => source.emit({ count: 7, day: '2026-03-01' }));
    expect(result.current).toBe(7);
    expect(Fake.instances).toHaveLength(1);
  });

  it('opens a new stream later when the browser gave up', () => {
    vi.useFakeTimers();
    const Fake = installFakeEventSource();
    renderHook(() => useActionsCount(true));
    act(() => Fake.latest().fail(true));
    expect(Fake.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(ACTIONS_COUNT_RETRY_MS));
    expect(Fake.instances).toHaveLength(2);
  });

  it('closes the stream on unmount and opens none without the permission', () => {
    const Fake = installFakeEventSource();
    const { unmount } = renderHook(() => useActionsCount(true));
    const source = Fake.latest();
    unmount();
    expect(source.readyState).toBe(Fake.CLOSED);
    renderHook(() => useActionsCount(false));
    expect(Fake.instances).toHaveLength(1);
  });

  it('ignores an event that is not a count', () => {
    const Fake = installFakeEventSource();
    const { result } = renderHook(() => useActionsCount(true));
    act(() => Fake.latest().emit({ count: 3, day: '2026-03-01' }));
    act(() => Fake.latest().onmessage?.(new MessageEvent('message', { data: 'not json' })));
    act(() => Fake.latest().emit({ nope: true }));
    expect(result.current).toBe(3);
  });
});
