import {
  FEED_LIMITS,
  type Feed,
  type FeedCreateBody,
  type FeedKind,
  type FeedPatchBody,
  feedUrlProblem,
} from '@monitoring/contracts';
import { FEEDS_TEXTS as T } from './texts.ts';

/** The feed form's values. */
export interface FeedFormValues {
  kind: FeedKind;
  url: string;
  lom_id: number | null;
  interval_minutes: number;
  enabled: boolean;
}

export function feedFormValues(feed: Feed | null): FeedFormValues {
  return {
    kind: feed?.kind ?? 'rss',
    url: feed?.url ?? '',
    lom_id: feed?.lom?.id ?? null,
    interval_minutes: feed?.interval_minutes ?? FEED_LIMITS.defaultIntervalMinutes,
    enabled: feed?.enabled ?? true,
  };
}

/** The address's problem for its kind, as the server would say it, or null. */
export function feedUrlCheck(kind: FeedKind, url: string): string | null {
  const text = url.trim();
  if (!text) return T.urlRequired;
  if (!/^https?:\/\/[^/\s]+\S*$/i.test(text)) return T.urlScheme;
  return feedUrlProblem(kind, text);
}

export function feedCreateBodyOf(values: FeedFormValues): FeedCreateBody {
  return {
    kind: values.kind,
    url: values.url.trim(),
    lom_id: values.lom_id,
    interval_minutes: values.interval_minutes,
    enabled: values.enabled,
  };
}

/**
 * PATCH: the fields that changed. A feed that belongs to a lom's account and is moved to another lom leaves the
 * account (its messages would otherwise go to two loms).
 */
export function feedPatchBodyOf(feed: Feed, values: FeedFormValues): FeedPatchBody {
  const body: FeedPatchBody = {};
  const url = values.url.trim();
  if (values.kind !== feed.kind) body.kind = values.kind;
  if (url !== feed.url) body.url = url;
  if (values.lom_id !== (feed.lom?.id ?? null)) {
    body.lom_id = values.lom_id;
    if (feed.lom_source) body.lom_source_id = null;
  }
  if (values.interval_minutes !== feed.interval_minutes) body.interval_minutes = values.interval_minutes;
  if (values.enabled !== feed.enabled) body.enabled = values.enabled;
  return body;
}

const FORM_FIELDS: readonly (keyof FeedFormValues)[] = [
  'kind',
  'url',
  'lom_id',
  'interval_minutes',
  'enabled',
];

/** Where the server's 400 belongs in the form (`lom_source_id` is shown at the lom); null: above the form. */
export function feedFieldOf(field: string | undefined): keyof FeedFormValues | null {
  if (!field) return null;
  const head = field.split('.')[0];
  if (head === 'lom_source_id') return 'lom_id';
  return (FORM_FIELDS as readonly string[]).includes(head) ? (head as keyof FeedFormValues) : null;
}
