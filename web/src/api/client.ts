import {
  errorBody,
  errorStatusLine,
  errorStatusText,
  type QueryParams,
  withQuery,
} from '@monitoring/contracts';
import { ApiError, isAbortError } from './api-error.ts';
import { reportApiError } from './error-reporting.ts';
import { getToken } from './token.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything with a zod-like `parse`: validates the answer and gives it its type. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  /** Arrays are comma-joined, empty values dropped (contracts encodeQuery). */
  query?: QueryParams;
  /** Sent as JSON, or as is for FormData. */
  body?: unknown;
  signal?: AbortSignal;
  schema?: ResponseSchema<T>;
  /** Statuses the caller handles itself; they are not notified. */
  handledStatuses?: readonly number[];
  /**
   * The one success status the call must answer (api.md §8: approval 202, fragment
   * removal 204); any other is an error carrying `unexpectedStatusMessage`.
   */
  expectStatus?: number;
  unexpectedStatusMessage?: string;
}

function requestBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  const payload = await readJson(response).catch(() => null);
  const parsed = errorBody.safeParse(payload);
  if (parsed.success) return new ApiError(response.status, parsed.data.message, parsed.data.field);
  return new ApiError(response.status, `${response.status} ${errorStatusText(response.status)}`);
}

/** A call with a named error (api.md §8) fails with that name, followed by what the server said. */
function namedError<T>(
  error: ApiError,
  { expectStatus, unexpectedStatusMessage }: ApiRequestOptions<T>,
): ApiError {
  if (expectStatus === undefined || !unexpectedStatusMessage) return error;
  return new ApiError(error.status, `${unexpectedStatusMessage}: ${error.message}`, error.field);
}

/**
 * One call to the API: adds the token, encodes the query, parses the answer
 * (through `schema` when given) and applies the error catalogue (api.md §8)
 * before rethrowing, so callers only deal with their own cases.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, signal, schema, handledStatuses, expectStatus } = options;
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  const init: RequestInit = { method, headers, body: requestBody(body, headers), signal };

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(query ? withQuery(path, query) : path, init);
    if (response.ok) payload = await readJson(response);
  } catch (cause) {
    if (isAbortError(cause) || signal?.aborted) throw cause;
    const error = ApiError.network(cause);
    reportApiError(error, handledStatuses);
    throw error;
  }

  if (!response.ok) {
    const error = namedError(await errorFromResponse(response), options);
    reportApiError(error, handledStatuses);
    throw error;
  }
  if (expectStatus !== undefined && response.status !== expectStatus) {
    const error = namedError(new ApiError(response.status, errorStatusLine(response.status)), options);
    reportApiError(error, handledStatuses);
    throw error;
  }
  return schema ? schema.parse(payload) : (payload as T);
}
