import { QueryClient } from '@tanstack/react-query';

/**
 * Answers stay fresh for a minute and are not refetched on window focus
 * (dashboards are heavy). Failed calls are not retried: the client has
 * already told the user (api.md §8), and a retry would tell them twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
