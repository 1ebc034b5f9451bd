import { NETWORK_ERROR_TEXT } from '@monitoring/contracts';

/** Status of an error that got no response from the server. */
export const NO_RESPONSE_STATUS = 0;

/** A failed API call: the HTTP status (0 when no response came) and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  /** The offending input on 400, when the server names it. */
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }

  get isNetworkError(): boolean {
    return this.status === NO_RESPONSE_STATUS;
  }

  static network(cause: unknown): ApiError {
    return new ApiError(NO_RESPONSE_STATUS, NETWORK_ERROR_TEXT, undefined, { cause });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A request cancelled through its AbortSignal (TanStack Query cancels this way). */
export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException || error instanceof Error) &&
    (error.name === 'AbortError' || error.name === 'CanceledError')
  );
}
