import {
  errorStatusLine,
  NETWORK_ERROR_TEXT,
  NETWORK_ERROR_TITLE,
  SILENT_ROUTE_NAMES,
} from '@monitoring/contracts';
import { isAbortError, isApiError } from './api-error.ts';

export type ApiErrorAction =
  | { kind: 'silent' }
  | { kind: 'unauthorized' }
  | { kind: 'notify'; title: string; description: string };

export interface ApiErrorContext {
  /** Name of the route on screen (contracts ROUTES key), or null outside the router. */
  routeName: string | null;
  /** Statuses the caller handles itself (e.g. 422 on messages/fragment_fields). */
  handledStatuses?: readonly number[];
}

const SILENT: ApiErrorAction = { kind: 'silent' };

/**
 * What the client does with a failed call (api.md §8), in this order:
 * a cancelled request is ignored; no response → "Запрос к серверу";
 * 401 → the session is over; 400 (and statuses the caller handles) are left to
 * the form; on loms-id, login and index nothing is notified; anything else is
 * notified with the server's message.
 */
export function apiErrorAction(error: unknown, context: ApiErrorContext): ApiErrorAction {
  if (isAbortError(error)) return SILENT;
  if (!isApiError(error)) return SILENT;
  if (error.isNetworkError) {
    return { kind: 'notify', title: NETWORK_ERROR_TITLE, description: NETWORK_ERROR_TEXT };
  }
  if (error.status === 401) return { kind: 'unauthorized' };
  if (error.status === 400 || context.handledStatuses?.includes(error.status)) return SILENT;
  if (context.routeName !== null && (SILENT_ROUTE_NAMES as readonly string[]).includes(context.routeName)) {
    return SILENT;
  }
  return {
    kind: 'notify',
    title: NETWORK_ERROR_TITLE,
    description: error.message || errorStatusLine(error.status),
  };
}
