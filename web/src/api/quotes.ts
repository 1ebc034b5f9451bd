import { apiFetch } from './client.ts';
import { QUOTE_PATHS } from './message-paths.ts';

export function deleteQuote(id: number) {
  return apiFetch(QUOTE_PATHS.remove(id), { method: 'DELETE' });
}
