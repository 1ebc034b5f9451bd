import {
  AUTH_PATHS,
  type CurrentUser,
  currentUser,
  type LoginBody,
  loginResponse,
} from '@monitoring/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { clearToken, getToken, hasToken, setToken } from './token.ts';

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

/** How long logout waits for the server before it goes on without it. */
const LOGOUT_CALL_TIMEOUT_MS = 2000;

/**
 * POST auth/logout/ (not in the spec, which has no logout call: docs/logs.md "Logout"): the server revokes the token
 * and clears the live counter's HttpOnly cookie, which no script can. Best effort: a failure is silent and the
 * local logout happens anyway.
 */
export async function logoutOnServer(token: string | null): Promise<void> {
  try {
    await fetch(AUTH_PATHS.logout, {
      method: 'POST',
      headers: token ? { Authorization: `Token ${token}` } : {},
      credentials: 'same-origin',
      signal: AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS),
    });
  } catch {
    // Offline or slow: the local logout below still happens.
  }
}

/** Tells the server (best effort), then forgets the token and every cached answer. */
export async function logout({ queryClient, goToLogin }: LogoutDeps): Promise<void> {
  const token = getToken();
  clearToken();
  await logoutOnServer(token);
  await queryClient.cancelQueries();
  await goToLogin();
  queryClient.clear();
}
