import { type ApiErrorContext, apiErrorAction } from './error-policy.ts';
import { clearToken } from './token.ts';

export interface ApiErrorHandlers {
  notify(notice: { title: string; description: string }): void;
  /** Name of the route on screen, or null. */
  currentRouteName(): string | null;
  /** Called after a 401 has cleared the token: leave for the login page. */
  unauthorized(): void;
}

const NO_HANDLERS: ApiErrorHandlers = {
  notify: () => {},
  currentRouteName: () => null,
  unauthorized: () => {},
};

let handlers: ApiErrorHandlers = NO_HANDLERS;

/** Wires the client to the app's notifications and router; returns the undo. */
export function configureApiErrorHandlers(next: ApiErrorHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = NO_HANDLERS;
  };
}

/**
 * An error notice of the client's own (a failed write that the catalogue leaves
 * to the caller), shown the way the app shows failed calls.
 */
export function notifyApiFailure(notice: { title: string; description: string }): void {
  handlers.notify(notice);
}

/** Applies the error catalogue to one failed call. */
export function reportApiError(error: unknown, handledStatuses?: ApiErrorContext['handledStatuses']): void {
  const action = apiErrorAction(error, { routeName: handlers.currentRouteName(), handledStatuses });
  switch (action.kind) {
    case 'silent':
      return;
    case 'unauthorized':
      clearToken();
      handlers.unauthorized();
      return;
    case 'notify':
      handlers.notify({ title: action.title, description: action.description });
      return;
  }
}
