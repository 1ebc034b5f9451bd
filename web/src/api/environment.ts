import { type AppEnv, environmentResponse, SYSTEM_PATHS } from '@monitoring/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const environmentQueryOptions = queryOptions({
  queryKey: ['environment'],
  queryFn: ({ signal }) => apiFetch(SYSTEM_PATHS.environment, { signal, schema: environmentResponse }),
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
