import {
  DEFAULT_MESSAGE_ORDERING,
  hasPermission,
  type MessageFilter,
  messageFilterQuery,
  upgradeSavedSearch,
} from '@monitoring/contracts';
import type { AuthUser } from '../../http/auth.ts';
import { readerFilter } from '../filters/message-filter.ts';

// What an alert or a digest watches, turned into a message filter for its owner (docs/alerts.md "Engine"): the
// owner's current permissions and reader rules apply at every evaluation, not only when the alert was saved.

/** The owner of an alert or digest as the engine checks them: the AuthUser of http/auth.ts and whether active. */
export interface Owner extends AuthUser {
  isActive: boolean;
}

/** An alert's or digest's target columns (with its personal theme's saved filters joined). */
export interface TargetRow {
  user_id: number;
  query: string | null;
  filters: unknown;
  theme_id: number | null;
  personal_theme_id: number | null;
  /** The personal theme's saved filters; null when the alert has none (or it was deleted). */
  personal_filters: unknown;
  /** The personal theme's owner: another user's theme is not read. */
  personal_user_id: number | null;
  lom_group_id: number | null;
}

/** The filter of a target: a message filter, plus the lom groups whose loms the messages must belong to. */
export interface TargetFilter {
  filter: Omit<MessageFilter, 'ordering'>;
  /** Messages of the loms of any of these groups (those the owner may see); empty: no group condition. */
  lomGroupIds: number[];
}

/** What every skipped alert's last_result says, so that a later pass can tell it was skipped. */
export const NOT_CHECKED = 'оповещение не проверяется';

/** Why a target is not evaluated now, in Russian, for `last_result` or a digest run's error. */
export class TargetProblem extends Error {
  /** The reason alone (a digest's run error), without «оповещение не проверяется». */
  readonly reason: string;

  constructor(reason: string) {
    super(reason.includes(NOT_CHECKED) ? reason : `${reason}: ${NOT_CHECKED}`);
    this.reason = reason.replace(`: ${NOT_CHECKED}`, '');
    this.name = 'TargetProblem';
  }
}

/** Why the owner's alerts and digests are skipped (TargetProblem words it), or null when they may read messages. */
export function ownerProblem(owner: Owner | undefined): string | null {
  if (!owner) return 'Владелец не найден';
  if (!owner.isActive) return 'Учётная запись владельца отключена';
  if (!hasPermission(owner, 'view_messages')) return 'У владельца нет права просматривать сообщения';
  return null;
}

const LIST_KEYS = [
  'lom_in',
  'theme_in',
  'info_reason_in',
  'mood_in',
  'source_in',
  'message_type_in',
] as const;

function idList(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];
}

/**
 * The saved filters of a personal theme as its dashboard reads them: the search upgraded to the query language,
 * without the period and the archive, delay and trash flags.
 */
function personalFilter(filters: unknown): Omit<MessageFilter, 'ordering'> {
  const saved = (filters ?? {}) as Record<string, unknown>;
  const parsed = messageFilterQuery.safeParse({ ...saved, search: upgradeSavedSearch(saved.search) });
  if (!parsed.success) throw new TargetProblem('Сохранённые фильтры личной темы некорректны');
  const {
    ordering: _ordering,
    wrote_at_after: _after,
    wrote_at_before: _before,
    archived: _archived,
    delayed: _delayed,
    trash: _trash,
    ...rest
  } = parsed.data;
  return rest;
}

/**
 * The message filter of a target for its owner: the owner's reader rules (readerFilter: role defaults, restricted
 * filters) and never the trash. Throws TargetProblem with the reason in Russian when it can't be read.
 */
export function targetFilter(target: TargetRow, owner: Owner): TargetFilter {
  const problem = ownerProblem(owner);
  if (problem) throw new TargetProblem(problem);
  let filter: Omit<MessageFilter, 'ordering'> = {};
  const lomGroupIds: number[] = [];
  if (target.personal_theme_id !== null) {
    if (target.personal_filters === null || target.personal_user_id !== owner.id)
      throw new TargetProblem('Личная тема оповещения не найдена');
    filter = personalFilter(target.personal_filters);
  } else if (target.theme_id !== null) {
    filter = { theme_in: [target.theme_id] };
  } else if (target.lom_group_id !== null) {
    lomGroupIds.push(target.lom_group_id);
  } else {
    const filters = (target.filters ?? {}) as Record<string, unknown>;
    for (const key of LIST_KEYS) {
      const ids = idList(filters[key]);
      if (ids.length) filter[key] = ids;
    }
    lomGroupIds.push(...idList(filters.lom_group_in));
    const search = target.query?.trim();
    if (search) filter.search = search;
    if (!search && Object.keys(filter).length === 0 && lomGroupIds.length === 0)
      throw new TargetProblem('Оповещению не задано, за чем следить');
  }
  let read: MessageFilter;
  try {
    read = readerFilter({ ...filter, ordering: DEFAULT_MESSAGE_ORDERING }, owner);
  } catch (error) {
    throw new TargetProblem(error instanceof Error ? error.message : String(error));
  }
  const { ordering: _ordering, ...rest } = read;
  return { filter: { ...rest, trash: false }, lomGroupIds };
}
