import { z } from 'zod';
import { commaIdList, idField, idParam, strictBody } from './input.ts';
import type { MessageFilterParams } from './messages.ts';
import { MOOD_IDS } from './moods.ts';
import type { Permission } from './permissions.ts';

/**
 * Daily dashboards (product.md §3 "Daily dashboard", §4 is_private, §6 private/public flags;
 * api.md §7.5 dashboard-configurations/): the tabs of the picture of the day, each a saved
 * message filter. docs/home.md.
 */

export const DAILY_DASHBOARD_PATHS = {
  /** GET the caller's own and the public ones, in position order; POST creates. */
  list: '/api/v1/dashboard-configurations/',
  /** PUT changes it; DELETE removes it. */
  detail: '/api/v1/dashboard-configurations/:id/',
  /** POST toggles is_private and answers {is_private}. */
  private: '/api/v1/dashboard-configurations/:id/private/',
  /** POST {ids}: the caller's own dashboards in their new order (positions 1…n). */
  reorder: '/api/v1/dashboard-configurations/reorder/',
} as const;

/**
 * The codenames of users.daily_dashboard_permissions (product.md §6 "daily dashboards have two
 * flags, private and public, derived from permission codenames"). docs/permissions.md.
 */
export const DAILY_DASHBOARD_CODENAMES = {
  private: 'add_private_dashboard',
  public: 'add_public_dashboard',
} as const;

/** The role permission that also lets one publish dashboards (the full preset holds it). */
export const DAILY_DASHBOARD_PUBLISH_PERMISSION: Permission = 'api_edit_public';
/** Seeing the picture of the day, and so having dashboards at all. */
export const DAILY_DASHBOARD_PERMISSION: Permission = 'SHOW_MAIN_PAGE';

export interface DailyDashboardFlags {
  /** May keep dashboards of one's own that only one sees. */
  private: boolean;
  /** May make dashboards public (everyone with the picture of the day sees them). */
  public: boolean;
}

/**
 * The two flags of a user: private with the codename or the page itself (a dashboard is born
 * private, so whoever may have dashboards may have private ones); public with the codename or
 * `api_edit_public`.
 */
export function dailyDashboardFlags(
  holds: (permission: Permission) => boolean,
  codenames: readonly string[],
): DailyDashboardFlags {
  return {
    private: codenames.includes(DAILY_DASHBOARD_CODENAMES.private) || holds(DAILY_DASHBOARD_PERMISSION),
    public: codenames.includes(DAILY_DASHBOARD_CODENAMES.public) || holds(DAILY_DASHBOARD_PUBLISH_PERMISSION),
  };
}

/** dashboard_types: the blocks a tab shows; none means every block. */
export const DAILY_DASHBOARD_TYPES = { MOODS: 1, DYNAMICS: 2, THEMES: 3, LOMS: 4 } as const;
export const DAILY_DASHBOARD_TYPE_IDS = [1, 2, 3, 4] as const;
export type DailyDashboardType = (typeof DAILY_DASHBOARD_TYPE_IDS)[number];
export const DAILY_DASHBOARD_TYPE_LABELS: Readonly<Record<DailyDashboardType, string>> = {
  1: 'Тональность',
  2: 'Динамика',
  3: 'Темы и инфоповоды',
  4: 'ЛОМ',
};

export const DAILY_DASHBOARD_NAME_MAX = 200;
export const DAILY_DASHBOARD_SHORT_NAME_MAX = 40;
/** Most dashboards one user may own. */
export const DAILY_DASHBOARD_MAX_PER_USER = 50;

const flag = z.boolean({ error: 'ожидается true или false' });

/**
 * The saved filter: a subset of the message filter. theme_or_rubrics_in is kept stringified
 * (product.md §3), as comma-joined theme ids; the other lists as arrays of ids. Unknown keys
 * are refused, naming the key.
 */
export const dailyDashboardFilters = strictBody({
  theme_or_rubrics_in: commaIdList()
    .transform((ids) => ids.join(','))
    .optional(),
  info_reason_in: commaIdList().optional(),
  lom_in: commaIdList().optional(),
  source_in: commaIdList().optional(),
  mood_in: commaIdList(MOOD_IDS).optional(),
  verified: flag.optional(),
});
export type DailyDashboardFilters = z.output<typeof dailyDashboardFilters>;

/** The filters as stored and answered. */
export const dailyDashboardFiltersResult = z.object({
  theme_or_rubrics_in: z.string().optional(),
  info_reason_in: z.array(z.number().int()).optional(),
  lom_in: z.array(z.number().int()).optional(),
  source_in: z.array(z.number().int()).optional(),
  mood_in: z.array(z.number().int()).optional(),
  verified: z.boolean().optional(),
});
export type DailyDashboardFiltersResult = z.infer<typeof dailyDashboardFiltersResult>;

const text = (max: number) =>
  z
    .string({ error: 'ожидается строка' })
    .trim()
    .min(1, { error: 'не может быть пустым' })
    .max(max, { error: `не длиннее ${max} символов` });

const types = z
  .array(z.literal(DAILY_DASHBOARD_TYPE_IDS, { error: 'ожидается одно из: 1, 2, 3, 4' }), {
    error: 'ожидается список типов',
  })
  .max(DAILY_DASHBOARD_TYPE_IDS.length, { error: 'не более 4 типов' })
  .transform((list) => [...new Set(list)].sort());

const position = z
  .number({ error: 'ожидается число' })
  .int({ error: 'ожидается целое число' })
  .min(1, { error: 'не меньше 1' })
  .max(DAILY_DASHBOARD_MAX_PER_USER, { error: `не больше ${DAILY_DASHBOARD_MAX_PER_USER}` });

const fields = {
  name: text(DAILY_DASHBOARD_NAME_MAX),
  shortName: text(DAILY_DASHBOARD_SHORT_NAME_MAX),
  types,
  position,
  filters: dailyDashboardFilters,
  is_private: flag,
};

/** POST dashboard-configurations/: name and shortName required; a new dashboard is private unless said. */
export const dailyDashboardCreateBody = strictBody({
  name: fields.name,
  shortName: fields.shortName,
  types: fields.types.optional(),
  position: fields.position.optional(),
  filters: fields.filters.optional(),
  is_private: fields.is_private.optional(),
});
export type DailyDashboardCreateBody = z.output<typeof dailyDashboardCreateBody>;

/** PUT dashboard-configurations/{id}/: what is sent changes, at least one field. */
export const dailyDashboardUpdateBody = strictBody({
  name: fields.name.optional(),
  shortName: fields.shortName.optional(),
  types: fields.types.optional(),
  position: fields.position.optional(),
  filters: fields.filters.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  error: 'укажите хотя бы одно из полей: name, shortName, types, position, filters',
});
export type DailyDashboardUpdateBody = z.output<typeof dailyDashboardUpdateBody>;

/** POST reorder/: every one of the caller's own dashboards, once, in the new order. */
export const dailyDashboardReorderBody = strictBody({
  ids: z
    .array(idField, { error: 'ожидается список идентификаторов' })
    .min(1, { error: 'список не может быть пустым' })
    .max(DAILY_DASHBOARD_MAX_PER_USER, { error: `не более ${DAILY_DASHBOARD_MAX_PER_USER} элементов` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'идентификаторы повторяются' }),
});
export type DailyDashboardReorderBody = z.output<typeof dailyDashboardReorderBody>;

export const dailyDashboardIdParams = z.object({ id: idParam });

export const dailyDashboardItem = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  position: z.number().int(),
  types: z.array(z.number().int()),
  filters: dailyDashboardFiltersResult,
  is_private: z.boolean(),
  /** Whether the caller owns it (may edit, toggle, delete). */
  is_own: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
});
export type DailyDashboardItem = z.infer<typeof dailyDashboardItem>;

export const dailyDashboardList = z.array(dailyDashboardItem);
export const dailyDashboardPrivateResult = z.object({ is_private: z.boolean() });

/**
 * A dashboard's saved filter as the message filter it stands for (docs/home.md):
 * theme_or_rubrics_in is the theme ids of theme_in, the lists are as saved.
 */
export function dailyDashboardMessageFilter(filters: DailyDashboardFiltersResult): MessageFilterParams {
  const themeIds = (filters.theme_or_rubrics_in ?? '')
    .split(',')
    .map((text) => Number(text.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const out: MessageFilterParams = {};
  if (themeIds.length) out.theme_in = themeIds;
  if (filters.info_reason_in?.length) out.info_reason_in = filters.info_reason_in;
  if (filters.lom_in?.length) out.lom_in = filters.lom_in;
  if (filters.source_in?.length) out.source_in = filters.source_in;
  if (filters.mood_in?.length) out.mood_in = filters.mood_in;
  if (filters.verified !== undefined) out.verified = filters.verified;
  return out;
}
