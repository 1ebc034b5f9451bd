import { apiPath, INFO_REASON_PATHS, type InfoReasonItem } from '@monitoring/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, json } from '../test/fake-api.ts';
import { infoReasonKeys, patchInfoReason, useUpdateTargetTonality } from './info-reasons.ts';

const item = (overrides: Partial<InfoReasonItem> = {}): InfoReasonItem => ({
  id: 5,
  name: 'Запуск метро',
  theme: { id: 2, name: 'Транспорт', approved: true },
  created_at: '2026-11-01T10:00:00.000Z',
  active: true,
  archived: false,
  is_favorite: false,
  target_tonality: null,
  ai: false,
  message_count: 12,
  actual_mood: 1,
  complete: null,
  ...overrides,
});

const query = { theme_in: [2], page: 1 };

function setup(answer: (body: unknown) => Response | Promise<Response>) {
  const { requests } = installFakeApi({
    routes: { [`PATCH ${apiPath(INFO_REASON_PATHS.updateTonality, { id: 5 })}`]: (r) => answer(r.body) },
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(infoReasonKeys.list(query), {
    results: [item()],
    page: 1,
    last_page: 1,
    elements_count: 1,
    next_pages_available: 0,
  });
  client.setQueryData(infoReasonKeys.detail(5), item());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useUpdateTargetTonality(), { wrapper });
  const row = () =>
    client.getQueryData<{ results: InfoReasonItem[] }>(infoReasonKeys.list(query))?.results[0];
  const card = () => client.getQueryData<InfoReasonItem>(infoReasonKeys.detail(5));
  return { hook, row, card, requests };
}

describe('the target tonality of an info reason (product.md §4)', () => {
  it('recomputes completeness from the actual mood as soon as the target changes', () => {
    expect(patchInfoReason(item({ actual_mood: 6 }), { target_tonality: 1 }).complete).toBe(true);
    expect(patchInfoReason(item({ actual_mood: 2 }), { target_tonality: 1 }).complete).toBe(false);
    expect(patchInfoReason(item({ actual_mood: 1 }), { target_tonality: 4 }).complete).toBeNull();
    expect(
      patchInfoReason(item({ actual_mood: 1, complete: true }), { target_tonality: null }).complete,
    ).toBeNull();
  });

  it('shows the new target at once and keeps it when the server answers 200', async () => {
    let answer: (response: Response) => void = () => {};
    const held = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const { hook, row, card, requests } = setup(() => held);
    act(() => hook.result.current.mutate({ id: 5, tonality: 6 }));
    // The server has not answered yet: the row and the card already show the target.
    await waitFor(() => expect(row()?.target_tonality).toBe(6));
    expect(row()?.complete).toBe(true);
    expect(card()?.target_tonality).toBe(6);
    answer(json(200, item({ target_tonality: 6, complete: true })));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ target_tonality: 6 });
    expect(card()?.target_tonality).toBe(6);
  });

  it('puts the old value back when the server refuses', async () => {
    const { hook, row, card } = setup(() => errorResponse(403, 'Недостаточно прав'));
    act(() => hook.result.current.mutate({ id: 5, tonality: 2 }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(row()?.target_tonality).toBeNull();
    expect(row()?.complete).toBeNull();
    expect(card()?.target_tonality).toBeNull();
    expect(hook.result.current.error?.message).toMatch(/^Не удалось задать целевую тональность/);
  });

  it('puts the old value back on a success status other than 200', async () => {
    const { hook, row } = setup(() => json(202, item({ target_tonality: 5 })));
    act(() => hook.result.current.mutate({ id: 5, tonality: 5 }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(row()?.target_tonality).toBeNull();
  });

  it('puts the old value back on a 400 too', async () => {
    const { hook, card } = setup(() =>
      errorResponse(400, 'ожидается тональность 1–6 или null', 'target_tonality'),
    );
    act(() => hook.result.current.mutate({ id: 5, tonality: 3 }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(card()?.target_tonality).toBeNull();
  });
});
