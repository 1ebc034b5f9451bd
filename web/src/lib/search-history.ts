// The last message searches that found their way into a list (SearchQueryInput offers them again), kept in this
// browser only. Anything unreadable in storage counts as no history: the box must open whatever is there.

export const SEARCH_HISTORY_KEY = 'monitoring.searchHistory';
export const SEARCH_HISTORY_SIZE = 10;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage may be switched off (privacy settings): no history then.
    return null;
  }
}

/** The kept queries, newest first. */
export function readSearchHistory(): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(SEARCH_HISTORY_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const queries = parsed.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  return [...new Set(queries.map((query) => query.trim()))].slice(0, SEARCH_HISTORY_SIZE);
}

/** Puts a query first (moving it up if it was there already) and keeps the newest SEARCH_HISTORY_SIZE. */
export function rememberSearch(query: string): string[] {
  const trimmed = query.trim();
  const current = readSearchHistory();
  if (!trimmed) return current;
  const next = [trimmed, ...current.filter((item) => item !== trimmed)].slice(0, SEARCH_HISTORY_SIZE);
  try {
    storage()?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Full or refused storage: the history of this page still holds it.
  }
  return next;
}
