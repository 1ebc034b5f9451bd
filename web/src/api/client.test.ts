import { NETWORK_ERROR_TEXT, NETWORK_ERROR_TITLE } from '@monitoring/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, json } from '../test/fake-api.ts';
import { ApiError } from './api-error.ts';
import { apiFetch } from './client.ts';
import { configureApiErrorHandlers } from './error-reporting.ts';
import { getToken, setToken } from './token.ts';

function setup(routeName: string | null = 'messages') {
  const notify = vi.fn();
  const unauthorized = vi.fn();
  const disconnect = configureApiErrorHandlers({ notify, unauthorized, currentRouteName: () => routeName });
  return { notify, unauthorized, disconnect };
}

function answer(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    typeof response === 'function' ? response() : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let disconnect = () => {};
beforeEach(() => {
  disconnect = () => {};
});
afterEach(() => disconnect());

describe('apiFetch requests', () => {
  it('sends the stored token and a comma-joined query without empty values', async () => {
    setToken('abc123');
    const fetchMock = answer(json(200, { ok: true }));
    await apiFetch('/api/v1/messages/', { query: { state_in: [1, 2], search: '', page: 2, tag: null } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/messages/?state_in=1,2&page=2');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Token abc123');
  });

  it('sends JSON bodies and validates answers with the schema', async () => {
    const fetchMock = answer(json(200, { token: 't' }));
    const schema = { parse: vi.fn((data: unknown) => data as { token: string }) };
    const result = await apiFetch('/api/v1/auth/login/', { method: 'POST', body: { username: 'a' }, schema });
    expect(result).toEqual({ token: 't' });
    expect(schema.parse).toHaveBeenCalledWith({ token: 't' });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBe('{"username":"a"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });
});

describe('apiFetch error handling (api.md §8)', () => {
  it('parses the error body into an ApiError and keeps 400 silent', async () => {
    const handlers = setup();
    disconnect = handlers.disconnect;
    answer(errorResponse(400, 'Неверный логин или пароль', 'password'));
    const error = await apiFetch('/api/v1/auth/login/', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Неверный логин или пароль', field: 'password' });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('notifies other statuses with the server message', async () => {
    const handlers = setup('messages');
    disconnect = handlers.disconnect;
    answer(errorResponse(403, 'Недостаточно прав'));
    await expect(apiFetch('/api/v1/messages/')).rejects.toMatchObject({ status: 403 });
    expect(handlers.notify).toHaveBeenCalledWith({
      title: NETWORK_ERROR_TITLE,
      description: 'Недостаточно прав',
    });
  });

  it.each(['loms-id', 'login', 'index'])('does not notify while the route is %s', async (route) => {
    const handlers = setup(route);
    disconnect = handlers.disconnect;
    answer(errorResponse(500, 'Внутренняя ошибка'));
    await expect(apiFetch('/api/v1/loms/1/')).rejects.toMatchObject({ status: 500 });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('tells the user when no response came', async () => {
    const handlers = setup('messages');
    disconnect = handlers.disconnect;
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiFetch('/api/v1/messages/').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkError: true });
    expect(handlers.notify).toHaveBeenCalledTimes(1);
    expect(handlers.notify).toHaveBeenCalledWith({
      title: NETWORK_ERROR_TITLE,
      description: NETWORK_ERROR_TEXT,
    });
  });

  it('ignores cancelled requests silently and rethrows the abort', async () => {
    const handlers = setup('messages');
    disconnect = handlers.disconnect;
    const controller = new AbortController();
    answer(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    const error = await apiFetch('/api/v1/messages/', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('passes the signal to fetch', async () => {
    const fetchMock = answer(json(200, []));
    const controller = new AbortController();
    await apiFetch('/api/v1/messages/', { signal: controller.signal });
    expect(fetchMock.mock.calls[0][1]?.signal).toBe(controller.signal);
  });

  it('ends the session on 401 without a notification', async () => {
    setToken('expired');
    const handlers = setup('messages');
    disconnect = handlers.disconnect;
    answer(errorResponse(401, 'Недействительный токен.'));
    await expect(apiFetch('/api/v1/users/me/')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(handlers.unauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('leaves statuses the caller handles to the caller', async () => {
    const handlers = setup('messages');
    disconnect = handlers.disconnect;
    answer(errorResponse(422, 'Не удалось сохранить'));
    await expect(
      apiFetch('/api/v1/messages/1/fragment_fields/', { handledStatuses: [422] }),
    ).rejects.toMatchObject({ status: 422 });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('falls back to the status line when the body is not an error body', async () => {
    const handlers = setup('messages');
    disconnect = handlers.disconnect;
    answer(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/api/v1/messages/')).rejects.toMatchObject({
      status: 502,
      message: '502 Bad Gateway',
    });
    expect(handlers.notify).toHaveBeenCalledWith({
      title: NETWORK_ERROR_TITLE,
      description: '502 Bad Gateway',
    });
  });
});
