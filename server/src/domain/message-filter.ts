import {
  expandMoodFilter,
  hasPermission,
  MESSAGE_STATUS_IDS,
  MESSAGE_TYPE_IDS,
  type MessageFilter,
  type Permission,
} from '@monitoring/contracts';
import { and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { messageRubrics, messages, messageTags } from '../db/schema/index.ts';
import type { AuthUser } from '../http/auth.ts';
import { forbidden } from '../http/errors.ts';

/** `%` and `_` in a search are literal characters, not patterns. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The conditions of a message filter over the `messages` table, ready for
 * `and(...)`. Every column condition is one the covering `messages_wrote_at_idx`
 * can test; rubrics and tags go through EXISTS on their link tables.
 * Role rules are not applied here (see `withRoleDefaults`): a mass update by
 * filter must touch exactly what the filter says.
 */
export function messageFilterConditions(filter: Omit<MessageFilter, 'ordering'>): SQL[] {
  const where: SQL[] = [];
  const m = messages;
  if (filter.wrote_at_after) where.push(gte(m.wroteAt, filter.wrote_at_after));
  if (filter.wrote_at_before) where.push(lt(m.wroteAt, filter.wrote_at_before));
  const lists: [number[] | undefined, AnyPgColumn][] = [
    [filter.id_in, m.id],
    [filter.lom_in, m.lomId],
    [filter.theme_in, m.themeId],
    [filter.info_reason_in, m.infoReasonId],
    [filter.region_in, m.regionId],
    [filter.city_in, m.cityId],
    [filter.type_in, m.contentTypeId],
    [filter.message_type_in, m.messageType],
    [filter.state_in, m.state],
    [filter.source_in, m.sourceId],
    [filter.mood_in && expandMoodFilter(filter.mood_in), m.mood],
  ];
  for (const [ids, column] of lists) {
    if (ids?.length) where.push(inArray(column, ids));
  }
  const flags = [
    [filter.archived, m.archived],
    [filter.delayed, m.delayed],
    [filter.trash, m.trash],
    [filter.verified, m.verified],
    [filter.verified_by_super_editor, m.verifiedBySuperEditor],
    [filter.verified_ai, m.verifiedAi],
    [filter.from_zephyr, m.fromZephyr],
    [filter.is_manual, m.isManual],
  ] as const;
  for (const [value, column] of flags) {
    if (value !== undefined) where.push(eq(column, value));
  }
  if (filter.rubric_in?.length) {
    where.push(
      sql`exists (select 1 from ${messageRubrics} where ${messageRubrics.messageId} = ${m.id} and ${inArray(messageRubrics.rubricId, filter.rubric_in)})`,
    );
  }
  if (filter.tag_in?.length) {
    where.push(
      sql`exists (select 1 from ${messageTags} where ${messageTags.messageId} = ${m.id} and ${inArray(messageTags.tagId, filter.tag_in)})`,
    );
  }
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const text = or(sql`${m.text} ilike ${pattern}`, sql`${m.lomName} ilike ${pattern}`);
    if (text) where.push(text);
  }
  return where;
}

/** `and(...)` of the conditions; undefined (no WHERE) for an empty filter. */
export function messageFilterWhere(filter: Omit<MessageFilter, 'ordering'>): SQL | undefined {
  return and(...messageFilterConditions(filter));
}

/**
 * product.md §2/§6: "a super editor sees archived messages unfiltered"; everyone
 * else reads the live lists, so a filter without `archived` gets archived=false.
 * An explicit archived=true still shows the archive: the flag is a list filter,
 * not a secret.
 */
export function withRoleDefaults<F extends Pick<MessageFilter, 'archived'>>(
  filter: F,
  superEditor: boolean,
): F {
  if (superEditor || filter.archived !== undefined) return filter;
  return { ...filter, archived: false };
}

const holdsAll = (ids: number[] | undefined, all: readonly number[]) =>
  ids !== undefined && all.every((id) => ids.includes(id));

/**
 * Drops lists that name every value of a NOT NULL column: the nav link sends every
 * message type (product.md §2), which filters nothing but would keep a query off
 * the rollups and cost a test per row.
 */
export function withoutNoOpLists<F extends Pick<MessageFilter, 'message_type_in' | 'state_in'>>(
  filter: F,
): F {
  const out = { ...filter };
  if (holdsAll(out.message_type_in, MESSAGE_TYPE_IDS)) delete out.message_type_in;
  if (holdsAll(out.state_in, MESSAGE_STATUS_IDS)) delete out.state_in;
  return out;
}

/**
 * Filters that only some users may apply (product.md §6): the special-source list is
 * the Zefir page's, the content-type filter has its own permission, and the editors'
 * (manual) messages are GET_EDITORS_MESSAGES's. A filter that sets one of them to
 * false filters nothing anyone may not see, so only `true` (or a list) is refused.
 */
const RESTRICTED_FILTERS: ReadonlyArray<{
  field: keyof MessageFilter;
  permission: Permission;
  applies: (filter: MessageFilter) => boolean;
  message: string;
}> = [
  {
    field: 'from_zephyr',
    permission: 'ZEFIR_PAGE',
    applies: (f) => f.from_zephyr === true,
    message: 'Сообщения Зефира недоступны: нет права ZEFIR_PAGE',
  },
  {
    field: 'type_in',
    permission: 'USE_CONTENT_TYPE_FILTER',
    applies: (f) => (f.type_in?.length ?? 0) > 0,
    message: 'Фильтр по типу контента недоступен: нет права USE_CONTENT_TYPE_FILTER',
  },
  {
    field: 'is_manual',
    permission: 'GET_EDITORS_MESSAGES',
    applies: (f) => f.is_manual === true,
    message: 'Сообщения редакторов недоступны: нет права GET_EDITORS_MESSAGES',
  },
];

/** Refuses (403, naming the field) a filter the user may not apply. */
export function assertFilterAllowed(filter: MessageFilter, user: AuthUser): void {
  for (const rule of RESTRICTED_FILTERS) {
    if (rule.applies(filter) && !hasPermission(user, rule.permission))
      throw forbidden(rule.message, rule.field);
  }
}

/** The filter a reader gets: role defaults (§2/§6) applied, lists that filter nothing dropped. */
export function readerFilter<F extends MessageFilter>(filter: F, user: AuthUser): F {
  assertFilterAllowed(filter, user);
  return withoutNoOpLists(withRoleDefaults(filter, hasPermission(user, 'SUPER_EDITOR_STATUS')));
}
