/** sessionStorage key of the last reload caused by a failed chunk. */
export const CHUNK_RELOAD_KEY = 'monitoring.chunkReloadAt';
/** product.md §2: at most one reload per minute. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .* failed/i,
];

/** A page's code (or its CSS) could not be loaded, typically after a deploy. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

/** The page reload, as an object so tests can replace it (jsdom cannot reload). */
export const pageReloader = {
  reload: (): void => window.location.reload(),
};

interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  reload?: () => void;
}

/**
 * Reloads the page unless it was reloaded for the same reason less than a
 * minute ago. Returns whether it reloaded; when it did not, the caller shows
 * the error page instead of looping.
 */
export function reloadAfterChunkError({
  storage = window.sessionStorage,
  now = Date.now,
  reload = () => pageReloader.reload(),
}: ReloadDeps = {}): boolean {
  const current = now();
  let last = Number.NaN;
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_KEY));
  } catch {
    // Unreadable storage: treat as never reloaded, the write below may fail too.
  }
  const elapsed = current - last;
  if (Number.isFinite(elapsed) && last > 0 && elapsed >= 0 && elapsed < CHUNK_RELOAD_INTERVAL_MS)
    return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(current));
  } catch {
    // Without storage the guard cannot hold; refuse to reload rather than loop.
    return false;
  }
  reload();
  return true;
}
