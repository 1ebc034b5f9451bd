import { THEME_WRITE_PATHS, type ThemeListItem } from '@monitoring/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../test/fake-api.ts';
import { type ThemeListResponse, useApproveThemes, withoutMovedRows, withoutRows } from './themes.ts';

const page = (ids: number[]): ThemeListResponse => ({
  results: ids.map((id) => ({ id, name: `Тема ${id}` }) as ThemeListItem),
  page: 1,
  last_page: 1,
  elements_count: 40,
  next_pages_available: 0,
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the themes table cache', () => {
  it('drops archived themes from the active tab and keeps them in the archive tab', () => {
    const data = page([1, 2, 3]);
    const active = withoutMovedRows(data, [2, 9], false, true);
    expect(active.results.map((row) => row.id)).toEqual([1, 3]);
    expect(active.elements_count).toBe(39);
    expect(withoutMovedRows(data, [2], true, true)).toBe(data);
    expect(withoutRows(data, [7])).toBe(data);
  });
});

describe('approving themes (api.md §8)', () => {
  it('succeeds on 202', async () => {
    const { requests } = installFakeApi({
      routes: { [`POST ${THEME_WRITE_PATHS.approve}`]: () => json(202, { ids: [1, 2] }) },
    });
    const { result } = renderHook(() => useApproveThemes(), { wrapper });
    act(() => result.current.mutate([1, 2]));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ ids: [1, 2] });
  });

  it('fails with a Russian message on any other status', async () => {
    installFakeApi({ routes: { [`POST ${THEME_WRITE_PATHS.approve}`]: () => json(200, { ids: [1] }) } });
    const { result } = renderHook(() => useApproveThemes(), { wrapper });
    act(() => result.current.mutate([1]));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as Error | null)?.message).toMatch(/^Не удалось одобрить темы/);
  });
});
