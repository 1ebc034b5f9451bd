import { isApiError } from './api-error.ts';
import { notifyApiFailure } from './error-reporting.ts';

/**
 * A failed write outside a form. The client's error policy already notifies every
 * failure but a 400 (api.md §8 leaves those to the form); a write started from a
 * button or a table has no form, so its 400 is shown here under `title`, with the
 * server's Russian message naming what was wrong.
 */
export function notifyBadRequest(title: string) {
  return (error: unknown): void => {
    if (isApiError(error) && error.status === 400) {
      notifyApiFailure({ title, description: error.message });
    }
  };
}
