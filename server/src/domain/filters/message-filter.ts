import {
  hasPermission,
  MESSAGE_STATUS_IDS,
  MESSAGE_TYPE_IDS,
  type MessageFilter,
  type Permission,
} from '@monitoring/contracts';
import type { AuthUser } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';

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
