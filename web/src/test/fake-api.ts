import { type AppEnv, AUTH_PATHS, type CurrentUser, SYSTEM_PATHS } from '@monitoring/contracts';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
  /** The request's AbortSignal, to check that a stale request was cancelled. */
  signal: AbortSignal | null;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(status: number, message: string, field?: string): Response {
  return json(status, { statusCode: status, error: 'Error', message, ...(field ? { field } : {}) });
}

/**
 * Replaces fetch with a tiny in-test server: routes by "METHOD /path", and
 * answers GET users/me/ with `user` when the request carries `token`.
 */
export function installFakeApi({
  user,
  token = 'test-token',
  env = 'production',
  routes = {},
}: {
  user?: CurrentUser;
  token?: string;
  env?: AppEnv;
  routes?: Record<string, Handler>;
} = {}) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      signal: init.signal ?? null,
    };
    requests.push(request);
    const custom = routes[`${request.method} ${request.path}`];
    if (custom) return custom(request);
    if (request.path === SYSTEM_PATHS.environment) return json(200, { env });
    if (request.path === AUTH_PATHS.me) {
      if (user && headers.get('Authorization') === `Token ${token}`) return json(200, user);
      return errorResponse(401, 'Учётные данные не были предоставлены.');
    }
    return errorResponse(404, 'Не найдено');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
