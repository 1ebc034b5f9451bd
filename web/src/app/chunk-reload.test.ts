import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('chunk reload guard', () => {
  it('reloads at most once per minute', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const attempt = () => reloadAfterChunkError({ storage, reload, now: () => now });

    expect(attempt()).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    now += 30_000;
    expect(attempt()).toBe(false);
    now += 29_999;
    expect(attempt()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    now += 1;
    expect(attempt()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the time of the last reload in sessionStorage by default', () => {
    const reload = vi.fn();
    expect(reloadAfterChunkError({ reload, now: () => 5_000 })).toBe(true);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('5000');
    expect(reloadAfterChunkError({ reload, now: () => 20_000 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('recognises failed dynamic imports across browsers, and nothing else', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/Logs.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
