import { FEED_KINDS, FEED_RUN_TRIGGERS, type Feed, type FeedKind, type FeedRun } from '@monitoring/contracts';
import type { FeedRow, FeedRunRow } from './queries.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export const feedKindOf = (kind: string): FeedKind => oneOf(FEED_KINDS, kind, 'rss');

/**
 * A feed as the «Сбор» view shows it. `pausedReason` is why the poller leaves it (a VK feed without the service
 * token); a feed that is off or paused has no next run.
 */
export function presentFeed(row: FeedRow, itemsLastDay: number, pausedReason: string | null): Feed {
  const { feed } = row;
  return {
    id: feed.id,
    kind: feedKindOf(feed.kind),
    url: feed.url,
    lom: feed.lomId === null || row.lomName === null ? null : { id: feed.lomId, name: row.lomName },
    lom_source:
      feed.lomSourceId === null || row.lomSourceUrl === null
        ? null
        : { id: feed.lomSourceId, url: row.lomSourceUrl },
    source: row.sourceName === null ? null : { id: feed.sourceId, name: row.sourceName },
    enabled: feed.enabled,
    interval_minutes: feed.intervalMinutes,
    last_fetch_at: iso(feed.lastFetchAt),
    last_success_at: iso(feed.lastSuccessAt),
    last_status: feed.lastStatus,
    last_error: feed.lastError,
    failures: feed.failures,
    items_last_day: itemsLastDay,
    next_run_at: feed.enabled && pausedReason === null ? iso(feed.nextRunAt) : null,
    paused_reason: pausedReason,
    created_at: feed.createdAt.toISOString(),
  };
}

export function presentRun(row: FeedRunRow): FeedRun {
  return {
    id: row.id,
    started_at: row.startedAt.toISOString(),
    trigger: oneOf(FEED_RUN_TRIGGERS, row.trigger, 'schedule'),
    http_status: row.httpStatus,
    fetched: row.fetched,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    duration_ms: row.durationMs,
    error: row.error,
  };
}
