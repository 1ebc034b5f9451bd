import {
  AUTH_PATHS,
  type CurrentUser,
  currentUser,
  type LoginBody,
  loginResponse,
} from '@monitoring/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { clearToken, hasToken, setToken } from './token.ts';

export const meQueryKey = ['users', 'me'] as const;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => apiFetch(AUTH_PATHS.me, { signal, schema: currentUser }),
  staleTime: 5 * 60_000,
});

/** The logged-in user; idle while there is no token. */
export function useCurrentUser() {
  return useQuery({ ...meQueryOptions, enabled: hasToken() });
}

/** The user when a token is held and the server accepts it; null otherwise. */
export async function loadCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  if (!hasToken()) return null;
  try {
    return await queryClient.ensureQueryData(meQueryOptions);
  } catch {
    return null;
  }
}

/** Logs in, keeps the token and loads the user it belongs to. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<CurrentUser> => {
      const { token } = await apiFetch(AUTH_PATHS.login, { method: 'POST', body, schema: loginResponse });
      setToken(token);
      queryClient.removeQueries({ queryKey: meQueryKey });
      return queryClient.fetchQuery(meQueryOptions);
    },
  });
}

export interface LogoutDeps {
  queryClient: QueryClient;
  /** Goes to the login page; may resolve once the navigation is done. */
  goToLogin: () => Promise<void> | void;
}

/** There is no logout call (api.md §7.1): forget the token and every cached answer. */
export async function logout({ queryClient, goToLogin }: LogoutDeps): Promise<void> {
  clearToken();
  await queryClient.cancelQueries();
  await goToLogin();
  queryClient.clear();
}
