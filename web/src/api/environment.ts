import { API_PATHS, type AppEnv, environmentResponse } from '@monitoring/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const environmentQueryOptions = queryOptions({
  queryKey: ['environment'],
  queryFn: ({ signal }) => apiFetch(API_PATHS.environment, { signal, schema: environmentResponse }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useEnvironment() {
  return useQuery(environmentQueryOptions);
}

/** The environment, or null until it is known. */
export function useAppEnv(): AppEnv | null {
  return useEnvironment().data?.env ?? null;
}
