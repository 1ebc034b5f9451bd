import { PICK_LIST_PATHS } from '@monitoring/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../test/fake-api.ts';
import { usePickList, usePickNames } from './pick-lists.ts';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const page = (results: unknown[]) =>
  json(200, { results, page: 1, last_page: 1, elements_count: results.length, next_pages_available: 0 });

describe('pick lists of the lom directories', () => {
  it('asks the lom types pick list with the extra flags and reads its items', async () => {
    const { requests } = installFakeApi({
      routes: {
        [`GET ${PICK_LIST_PATHS.lom_type}`]: () =>
          page([{ id: 4, name: 'Федеральный', theme: null, is_segment: true, is_interest: false }]),
      },
    });
    const { result } = renderHook(
      () => usePickList('lom_type', { search: 'фед', extra: { is_segment: true } }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual([{ id: 4, name: 'Федеральный' }]));
    const params = new URLSearchParams(requests[0].search);
    expect(requests[0].path).toBe('/api/v1/lom-types/filter-list/');
    expect(params.get('is_segment')).toBe('true');
    expect(params.get('search')).toBe('фед');
  });

  it('names the ids of a filter from the producer centers and lom focuses', async () => {
    const { requests } = installFakeApi({
      routes: {
        [`GET ${PICK_LIST_PATHS.producer_center}`]: () => page([{ id: 2, name: 'Центр', type: null }]),
        [`GET ${PICK_LIST_PATHS.lom_focus}`]: () => page([{ id: 7, name: 'Экология', theme: null }]),
      },
    });
    const centers = renderHook(() => usePickNames('producer_center', [2]), { wrapper });
    const focuses = renderHook(() => usePickNames('lom_focus', [7]), { wrapper });
    await waitFor(() => expect(centers.result.current.data).toEqual([{ id: 2, name: 'Центр' }]));
    await waitFor(() => expect(focuses.result.current.data).toEqual([{ id: 7, name: 'Экология' }]));
    expect(requests.map((r) => [r.path, new URLSearchParams(r.search).get('id_in')])).toEqual(
      expect.arrayContaining([
        ['/api/v2/producer-centers/filter-list/', '2'],
        ['/api/v1/lom-focus/filter-list/', '7'],
      ]),
    );
  });
});
