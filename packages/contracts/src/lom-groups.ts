import { z } from 'zod';
import { formatNumber } from './format.ts';
import { commaIdList, idParam, pageParam, pageSizeParam } from './input.ts';
import { DEFAULT_LOM_ORDERING, LOM_ORDERINGS, type LomOrdering } from './loms.ts';
import { periodBound, queryFlag, searchText } from './messages.ts';
import { MOOD_IDS } from './moods.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';

/**
 * Lom groups (mlg reports, product.md §3) and the lom Excel reports (api.md §7.9, §7.10).
 * docs/lom-groups.md says who may do what.
 */

export const LOM_GROUP_PATHS = {
  /** GET lists the groups, POST creates one. */
  list: '/api/v1/mlg-reports/',
  /** DELETE. */
  detail: '/api/v1/mlg-reports/:id/',
  getLoms: '/api/v1/mlg-reports/:id/get_loms/',
  /** GET lists the members, POST adds and DELETE removes loms. */
  loms: '/api/v1/mlg-reports/:id/loms/',
  /** POST creates, PATCH updates; form data (group_id, group_name, mood, public, loms). */
  createOrUpdate: '/api/v1/loms/new-loms/create_or_update_loms_group/',
} as const;

export const LOM_REPORT_PATHS = {
  /** POST: the chosen loms (`loms` in the body). */
  chosen: '/api/v1/loms/get_xlsx/',
  /** POST: the loms of a group (`group_id`). */
  group: '/api/v1/loms/get_rep_from_mlg/',
  /** GET: the loms of the /loms list filter. */
  filtered: '/api/v1/loms/new-loms/filtered-lom-report/',
} as const;

/** A group holds at most this many loms. */
export const LOM_GROUP_MAX_LOMS = 10_000;
/** A lom report lists at most this many loms. */
export const LOM_REPORT_MAX_LOMS = 10_000;
export const LOM_GROUP_TITLE_MAX_LENGTH = 200;

export const lomGroupIdParams = z.object({ id: idParam });

/** A list of lom ids (comma list, array, repeated form field) of at most `max`. */
function lomIdList(max: number) {
  return commaIdList().refine((ids) => ids.length <= max, { error: `не больше ${formatNumber(max)} ЛОМ` });
}

/** The same, with at least one. */
function lomIds(max: number) {
  return lomIdList(max).refine((ids) => ids.length > 0, { error: 'выберите хотя бы один ЛОМ' });
}

/** A title: trimmed; empty means none (the group then shows its report_id). */
const groupTitle = z
  .string({ error: 'ожидается строка' })
  .max(LOM_GROUP_TITLE_MAX_LENGTH, { error: `не длиннее ${LOM_GROUP_TITLE_MAX_LENGTH} символов` })
  .nullable()
  .transform((text) => {
    const trimmed = text?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

/** A mood id, or empty / null for none. */
const groupMood = z.union([z.string(), z.number(), z.null()]).transform((value, ctx) => {
  if (value === null || value === '') return null;
  const mood = Number(value);
  if ((MOOD_IDS as readonly number[]).includes(mood)) return mood;
  ctx.addIssue({ code: 'custom', message: `ожидается одно из: ${MOOD_IDS.join(', ')} или пусто` });
  return z.NEVER;
});

/** GET mlg-reports/: the caller's groups and the public ones. */
export const lomGroupListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
  /** Part of the title, or of the report number. */
  search: searchText.optional(),
  id_in: commaIdList().optional(),
  /** true: public groups only; false: private ones only (which are always the caller's). */
  public: queryFlag.optional(),
  /** true: the caller's own groups only. */
  mine: queryFlag.optional(),
});
export type LomGroupListQuery = z.output<typeof lomGroupListQuery>;

export const lomGroupItem = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  public: z.boolean(),
  report_id: z.number().int().nullable(),
  owner: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  last_processed: z.string().nullable(),
  active: z.boolean(),
  is_lomsource: z.boolean(),
  mood: z.number().int().nullable(),
  /** Distinct loms, counting those that are in the group through one of their accounts. */
  loms_count: z.number().int(),
  loms_sources_count: z.number().int(),
  created_at: z.string(),
  /** May the caller change or delete it (owner, or api_edit_public for a public group). */
  can_edit: z.boolean(),
});
export type LomGroupItem = z.infer<typeof lomGroupItem>;

/** The title a group shows: its title, else its report number (product.md §3), else its own number. */
export function lomGroupTitle(group: Pick<LomGroupItem, 'id' | 'title' | 'report_id'>): string {
  const title = group.title?.trim();
  if (title) return title;
  if (group.report_id !== null) return String(group.report_id);
  return `Группа № ${group.id}`;
}

/** The title of a new group: required, trimmed, not blank (a group without one is only ever imported). */
const newGroupTitle = z
  .string({ error: 'укажите название группы' })
  .trim()
  .min(1, { error: 'укажите название группы' })
  .max(LOM_GROUP_TITLE_MAX_LENGTH, { error: `не длиннее ${LOM_GROUP_TITLE_MAX_LENGTH} символов` });

/** POST mlg-reports/ (JSON): title, public, and optionally the first loms. */
export const lomGroupCreateBody = z.object({
  title: newGroupTitle,
  public: queryFlag.optional().transform((flag) => flag ?? false),
  loms: lomIdList(LOM_GROUP_MAX_LOMS)
    .optional()
    .transform((ids) => ids ?? []),
});
export type LomGroupCreateBody = z.output<typeof lomGroupCreateBody>;

/** POST create_or_update_loms_group/ (form data): a new group. */
export const lomGroupCreateForm = z.object({
  group_name: newGroupTitle,
  public: queryFlag.optional().transform((flag) => flag ?? false),
  mood: groupMood.optional().transform((mood) => mood ?? null),
  loms: lomIdList(LOM_GROUP_MAX_LOMS)
    .optional()
    .transform((ids) => ids ?? []),
});
export type LomGroupCreateForm = z.output<typeof lomGroupCreateForm>;

/**
 * PATCH create_or_update_loms_group/ (form data): what is sent changes; `loms`, when
 * sent, becomes the group's whole lom list; an empty group_name clears the title.
 */
export const lomGroupUpdateForm = z.object({
  group_id: idParam,
  group_name: groupTitle.optional(),
  public: queryFlag.optional(),
  mood: groupMood.optional(),
  loms: lomIdList(LOM_GROUP_MAX_LOMS).optional(),
});
export type LomGroupUpdateForm = z.output<typeof lomGroupUpdateForm>;

/** POST and DELETE mlg-reports/{id}/loms/. */
export const lomGroupLomsBody = z.object({ loms: lomIds(LOM_GROUP_MAX_LOMS) });
export type LomGroupLomsBody = z.output<typeof lomGroupLomsBody>;

export const lomGroupLomsChange = z.object({
  /** Loms that actually joined or left. */
  changed: z.number().int(),
  group: lomGroupItem,
});
export type LomGroupLomsChange = z.infer<typeof lomGroupLomsChange>;

/** GET mlg-reports/{id}/get_loms/: every lom id of the group. */
export const lomGroupLomIds = z.object({ ids: z.array(z.number().int()) });

/** GET mlg-reports/{id}/loms/: the group's loms, a page at a time, by name. */
export const lomGroupLomsQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
  search: searchText.optional(),
});
export type LomGroupLomsQuery = z.output<typeof lomGroupLomsQuery>;

export const lomGroupMember = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  is_active: z.boolean(),
  subscribers: z.number(),
  /** In the group through one of its accounts (a group loaded from lom sources). */
  via_sources: z.boolean(),
});
export type LomGroupMember = z.infer<typeof lomGroupMember>;

/** The period and order of a report, named as the /loms list names them. */
const reportFields = {
  wrote_at_after: periodBound('after').optional(),
  wrote_at_before: periodBound('before').optional(),
  message__wrote_at_after: periodBound('after').optional(),
  message__wrote_at_before: periodBound('before').optional(),
  ordering: z
    .enum(LOM_ORDERINGS as unknown as [LomOrdering, ...LomOrdering[]], {
      error: `ожидается одно из: ${LOM_ORDERINGS.join(', ')}`,
    })
    .default(DEFAULT_LOM_ORDERING),
};

interface PeriodInput {
  wrote_at_after?: Date;
  wrote_at_before?: Date;
  message__wrote_at_after?: Date;
  message__wrote_at_before?: Date;
}

function mergePeriod<T extends PeriodInput>({
  wrote_at_after,
  wrote_at_before,
  message__wrote_at_after,
  message__wrote_at_before,
  ...rest
}: T) {
  return {
    ...rest,
    wrote_at_after: wrote_at_after ?? message__wrote_at_after,
    wrote_at_before: wrote_at_before ?? message__wrote_at_before,
  };
}

/** POST loms/get_xlsx/: the chosen loms with the list's metrics over the period. */
export const lomChosenReportBody = z
  .object({ loms: lomIds(LOM_REPORT_MAX_LOMS), ...reportFields })
  .transform(mergePeriod);
export type LomChosenReportBody = z.output<typeof lomChosenReportBody>;

/** POST loms/get_rep_from_mlg/: the same for the loms of a group. */
export const lomGroupReportBody = z.object({ group_id: idParam, ...reportFields }).transform(mergePeriod);
export type LomGroupReportBody = z.output<typeof lomGroupReportBody>;
