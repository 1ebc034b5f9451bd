// The collectors' defaults (docs/collectors.md), declared once: the configuration's fallbacks for their
// environment variables, the scheduler's own, and the bench's.

/** Feeds one instance fetches at the same time (COLLECT_CONCURRENCY). */
export const COLLECT_CONCURRENCY = 4;
/** Items one instance sends to the ingestion per second at most (COLLECT_ITEMS_PER_SECOND; 0: unpaced). */
export const COLLECT_ITEMS_PER_SECOND = 100;
