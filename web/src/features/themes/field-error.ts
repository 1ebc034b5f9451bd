import { isApiError } from '../../api/api-error.ts';

/** The server's 400 message for a form field, shown under it. */
export function fieldError(error: unknown): string | null {
  return isApiError(error) && error.status === 400 ? error.message : null;
}
