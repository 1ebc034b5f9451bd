import {
  DIGEST_FORMATS,
  DIGEST_PERIODS,
  DIGEST_RUN_STATUSES,
  type DigestFormat,
  type DigestItem,
  type DigestPeriod,
  type DigestRun,
  type DigestRunStatus,
} from '@monitoring/contracts';
import { filtersOfJson } from '../../domain/alerts/target-check.ts';
import { targetLabel } from '../../domain/alerts/target-label.ts';
import type { DigestRow, RunRow } from './queries.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function presentDigest(row: DigestRow): DigestItem {
  const { digest, lastRun } = row;
  const filters = filtersOfJson(digest.filters);
  return {
    id: digest.id,
    name: digest.name,
    period: oneOf<DigestPeriod>(DIGEST_PERIODS, digest.period, 'daily'),
    weekday: digest.weekday,
    time: digest.time,
    format: oneOf<DigestFormat>(DIGEST_FORMATS, digest.format, 'xlsx'),
    query: digest.query,
    filters,
    theme_id: digest.themeId,
    personal_theme_id: digest.personalThemeId,
    lom_group_id: digest.lomGroupId,
    target_label: targetLabel({
      query: digest.query,
      filters,
      themeId: digest.themeId,
      themeName: row.themeName,
      personalThemeId: digest.personalThemeId,
      personalThemeName: row.personalThemeName,
      lomGroupId: digest.lomGroupId,
      lomGroupTitle: row.lomGroupTitle,
    }),
    recipients: digest.recipients,
    muted: digest.muted,
    next_run_at: iso(digest.nextRunAt),
    last_run: lastRun
      ? {
          status: oneOf<DigestRunStatus>(DIGEST_RUN_STATUSES, lastRun.status, 'pending'),
          // json_build_object writes the instant with the session's offset: the same instant in UTC.
          at: new Date(lastRun.at).toISOString(),
          error: lastRun.error,
        }
      : null,
    created_at: digest.createdAt.toISOString(),
    updated_at: digest.updatedAt.toISOString(),
  };
}

export function presentRun(row: RunRow): DigestRun {
  const status = oneOf<DigestRunStatus>(DIGEST_RUN_STATUSES, row.status, 'pending');
  return {
    id: row.id,
    scheduled_for: row.scheduledFor.toISOString(),
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    status,
    attempts: row.attempts,
    message_count: row.messageCount,
    error: row.error,
    sent_at: iso(row.sentAt),
    // Only a run still to be tried has a next attempt.
    next_attempt_at: status === 'pending' ? iso(row.nextAttemptAt) : null,
  };
}
