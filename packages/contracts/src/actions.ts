import { z } from 'zod';
import { commaIdList, pageParam, positiveIntParam } from './input.ts';
import { DEFAULT_PAGE_SIZE_VALUE, MAX_PAGE_SIZE } from './paging.ts';

/** The action log (api.md §7.10): GET, filtered by userActionsQuery. */
export const USER_ACTION_PATHS = {
  list: '/api/v1/user-actions/',
} as const;

/** Categories of the action log; `user-actions/?type_not_in=` filters by these ids. */
export const ACTION_TYPES = {
  1: 'Сообщение',
  2: 'Фрагмент',
  3: 'Цитата',
  4: 'Тема',
  5: 'Инфоповод',
  6: 'ЛОМ',
  7: 'Пользователь',
  8: 'Справочник',
  9: 'Импорт',
  10: 'Дашборд',
} as const;
export type ActionType = keyof typeof ACTION_TYPES;

/** The same categories by name, for code that writes the log; the numbers are ACTION_TYPES' own. */
export const ACTION_TYPE = {
  message: 1,
  fragment: 2,
  quote: 3,
  theme: 4,
  infoReason: 5,
  lom: 6,
  user: 7,
  directory: 8,
  import: 9,
  dashboard: 10,
} as const satisfies Record<string, ActionType>;

export const userActionItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  type_name: z.string(),
  action: z.string(),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  message_id: z.number().int().nullable(),
  theme_id: z.number().int().nullable(),
  info_reason_id: z.number().int().nullable(),
  lom_id: z.number().int().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  created_at: z.string(),
});
export type UserActionItem = z.infer<typeof userActionItem>;

const actionsPageSize = positiveIntParam(MAX_PAGE_SIZE);

/** GET user-actions/: `pageSize` is the spelling the logs page uses (api.md §7.10); `page_size` wins when both come. */
export const userActionsQuery = z
  .object({
    page: pageParam,
    page_size: actionsPageSize.optional(),
    pageSize: actionsPageSize.optional(),
    message_in: commaIdList().optional(),
    theme_in: commaIdList().optional(),
    info_reason_in: commaIdList().optional(),
    type_not_in: commaIdList().optional(),
  })
  .transform(({ pageSize, page_size, ...q }) => ({
    ...q,
    page_size: page_size ?? pageSize ?? DEFAULT_PAGE_SIZE_VALUE,
  }));
