import { z } from 'zod';
import { commaIdList, pageParam, positiveIntParam } from './input.ts';
import { periodBound } from './messages.ts';
import { DEFAULT_PAGE_SIZE_VALUE, MAX_PAGE_SIZE } from './paging.ts';

/** The action log (api.md §7.10): GET, filtered by userActionsQuery; get_report/ is the same filter as Excel. */
export const USER_ACTION_PATHS = {
  list: '/api/v1/user-actions/',
  report: '/api/v1/user-actions/get_report/',
} as const;

/**
 * The live editor-actions counter (api.md §7.10): Server-Sent Events, authenticated by the `token` cookie that login
 * sets (an EventSource can send no header). docs/logs.md "The live counter".
 */
export const ACTIONS_COUNT_PATHS = {
  stream: '/api/v2/actions-count/actions-count/',
} as const;

/** The cookie that carries the token to the stream: HttpOnly, SameSite=Strict, sent only under this path. */
export const ACTIONS_COUNT_COOKIE = { name: 'token', path: '/api/v2/actions-count/' } as const;

/** One event of the stream: `data: {"count": n, "day": "YYYY-MM-DD"}` (the Moscow day the count is of). */
export const actionsCountEvent = z.object({ count: z.number().int(), day: z.string() });
export type ActionsCountEvent = z.infer<typeof actionsCountEvent>;

/** Roles whose actions the counter counts: super-editor (1) and editor (2) (docs/logs.md "What counts"). */
export const COUNTED_EDITOR_ROLES = [1, 2] as const;

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
  /** The Russian verb (ACTION_LABELS), or the raw action when it has none. */
  action_name: z.string(),
  /** Null when the user was deleted (the log keeps the row), and for scheduled collection (message.ingest). */
  user: z.object({ id: z.number().int(), username: z.string(), full_name: z.string() }).nullable(),
  message_id: z.number().int().nullable(),
  theme_id: z.number().int().nullable(),
  info_reason_id: z.number().int().nullable(),
  lom_id: z.number().int().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  /** The change in Russian, line by line (actionChanges): field labels, names instead of ids. */
  changes: z.array(
    z.object({ field: z.string().nullable(), old: z.string().nullable(), new: z.string().nullable() }),
  ),
  created_at: z.string(),
});
export type UserActionItem = z.infer<typeof userActionItem>;

/**
 * The Russian verb of every `action` the server writes (`<entity>.<change>`), declared once. An action that is not
 * here (an older or newer server) shows as its raw string: actionLabel() falls back to it.
 */
export const ACTION_LABELS: Record<string, string> = {
  'message.create': 'создал сообщение',
  'message.verify': 'изменил проверку сообщения',
  'message.se_verify': 'изменил проверку старшим редактором',
  'message.verify_ai': 'изменил проверку разметки ИИ',
  'message.approve': 'подтвердил сообщение',
  'message.delay': 'изменил отложенность сообщения',
  'message.archive': 'изменил архивность сообщения',
  'message.trash': 'изменил пометку «мусор» у сообщения',
  'message.fields': 'изменил сообщение',
  'message.mass_update': 'массово изменил сообщения',
  'message.filtered_mass_update': 'массово изменил сообщения по фильтру',
  'message.convert_from_ai': 'перенёс разметку ИИ в сообщение',
  'message.ingest': 'загрузил сообщения',
  'message.rubrics_add': 'добавил рубрики сообщению',
  'message.rubrics_remove': 'убрал рубрики у сообщения',
  'message.personal_tags': 'изменил личные теги сообщения',
  'message.personal_tag_remove': 'убрал личный тег у сообщения',
  'message.fragment_presence': 'изменил наличие фрагментов сообщения',
  'message.speaker_add': 'добавил спикера сообщению',
  'message.speaker_remove': 'убрал спикера у сообщения',
  'message.speech_merge': 'объединил прямую речь сообщения',
  'message.theme_add': 'добавил тему сообщению',
  'message.theme_remove': 'убрал тему у сообщения',
  'message.info_reason_set': 'задал инфоповод сообщению',
  'message.info_reason_remove': 'убрал инфоповод у сообщения',
  'fragment.create': 'создал фрагмент',
  'fragment.edit': 'изменил фрагмент',
  'fragment.fields': 'изменил поля фрагментов',
  'fragment.mood_ai': 'изменил тональность ИИ фрагмента',
  'fragment.delete': 'удалил фрагмент',
  'fragment.theme_remove': 'убрал тему у фрагмента',
  'fragment.info_reason_remove': 'убрал инфоповод у фрагмента',
  'quote.create': 'создал цитату',
  'quote.create_manual': 'создал цитату вручную',
  'quote.delete': 'удалил цитату',
  'quote.theme_remove': 'убрал тему у цитаты',
  'quote.info_reason_remove': 'убрал инфоповод у цитаты',
  'markup.create': 'создал разметку',
  'markup.update': 'изменил разметку',
  'markup.delete': 'удалил разметку',
  'markup.confirm_ai': 'подтвердил разметку ИИ',
  'theme.create': 'создал тему',
  'theme.create_ai': 'создал тему ИИ',
  'theme.rename': 'переименовал тему',
  'theme.merge': 'объединил темы',
  'theme.hide': 'скрыл тему',
  'theme.favorite': 'изменил избранность темы',
  'theme.delete': 'удалил тему',
  'theme.archive': 'изменил архивность темы',
  'theme.approve': 'подтвердил тему',
  'theme.update': 'изменил тему',
  'theme.deactivate': 'изменил активность темы',
  'theme.ai_propose': 'предложил тему ИИ',
  'info_reason.create': 'создал инфоповод',
  'info_reason.rename': 'переименовал инфоповод',
  'info_reason.merge': 'объединил инфоповоды',
  'info_reason.theme': 'изменил тему инфоповода',
  'info_reason.target_tonality': 'изменил целевую тональность инфоповода',
  'info_reason.favorite': 'изменил избранность инфоповода',
  'info_reason.delete': 'удалил инфоповод',
  'info_reason.archive': 'изменил архивность инфоповода',
  'info_reason.deactivate': 'изменил активность инфоповода',
  'info_reason.convert_to_theme': 'превратил инфоповод в тему',
  'info_reason.theme_mass_add': 'задал тему инфоповодам',
  'lom.create': 'создал ЛОМ',
  'lom.update': 'изменил карточку ЛОМ',
  'lom.delete': 'удалил ЛОМ',
  'lom.activate': 'активировал ЛОМ',
  'lom.deactivate': 'деактивировал ЛОМ',
  'lom.avatar': 'сменил аватар ЛОМ',
  'lom.source_add': 'добавил источник ЛОМ',
  'lom.favourite_add': 'добавил ЛОМ в избранное',
  'lom.favourite_remove': 'убрал ЛОМ из избранного',
  'lom.cooperation_update': 'изменил сотрудничество ЛОМ',
  'lom.vk_groups_load': 'загрузил группы ВКонтакте ЛОМ',
  'lom.merge': 'объединил ЛОМ',
  'lom.merged_into': 'влил ЛОМ в другого',
  'lom_source.add_lom': 'привязал источник к ЛОМ',
  'lom_source.add_probable_lom': 'задал вероятного ЛОМ источника',
  'lom_source.deactivate': 'деактивировал источник ЛОМ',
  'lom_source.load_probable_loms': 'подобрал вероятных ЛОМ',
  'feed.create': 'добавил ленту сбора',
  'feed.update': 'изменил ленту сбора',
  'feed.delete': 'удалил ленту сбора',
  'feed.collect': 'собрал ленту вручную',
  'feed.from_sources': 'создал ленты для источников',
  'mlg_report.create': 'создал отчёт МЛГ',
  'mlg_report.delete': 'удалил отчёт МЛГ',
  'mlg_report.load': 'загрузил отчёт МЛГ',
  'lom_group.create': 'создал группу ЛОМ',
  'lom_group.update': 'изменил группу ЛОМ',
  'lom_group.delete': 'удалил группу ЛОМ',
  'lom_group.loms_add': 'добавил ЛОМ в группу',
  'lom_group.loms_remove': 'убрал ЛОМ из группы',
  'lom_type.create': 'создал тип ЛОМ',
  'lom_type.delete': 'удалил тип ЛОМ',
  'lom_focus.create': 'создал направленность ЛОМ',
  'lom_focus.delete': 'удалил направленность ЛОМ',
  'rubric.create': 'создал рубрику',
  'rubric.update': 'изменил рубрику',
  'rubric.delete': 'удалил рубрику',
  'rubric.loms_add': 'добавил ЛОМ в рубрику',
  'rubric.loms_remove': 'убрал ЛОМ из рубрики',
  'tag.create': 'создал тег',
  'tag.update': 'изменил тег',
  'tag.delete': 'удалил тег',
  'personal_tag.create': 'создал личный тег',
  'personal_tag.update': 'изменил личный тег',
  'personal_tag.delete': 'удалил личный тег',
  'personal_theme.create': 'создал личную тему',
  'personal_theme.update': 'изменил личную тему',
  'personal_theme.delete': 'удалил личную тему',
  'theme_dashboard.pin': 'закрепил на дашборде темы',
  'theme_dashboard.unpin': 'открепил на дашборде темы',
  'theme_dashboard.add_lom': 'добавил ЛОМ на дашборд темы',
  'theme_dashboard.move_lom': 'перенёс ЛОМ на дашборде темы',
  'personal_dashboard.pin': 'закрепил на личном дашборде',
  'personal_dashboard.unpin': 'открепил на личном дашборде',
  'personal_dashboard.copy_lom': 'скопировал ЛОМ на личный дашборд',
  'personal_dashboard.add_lom': 'добавил ЛОМ на личный дашборд',
  'personal_dashboard.move_lom': 'перенёс ЛОМ на личном дашборде',
  'theme_dashboard.copy_lom': 'скопировал ЛОМ на дашборд темы',
  'theme_dashboard.remove_lom': 'убрал ЛОМ с дашборда темы',
  'personal_dashboard.remove_lom': 'убрал ЛОМ с личного дашборда',
  'new_dashboard.create': 'создал дашборд',
  'new_dashboard.update': 'изменил дашборд',
  'new_dashboard.delete': 'удалил дашборд',
  'new_dashboard.report': 'выгрузил отчёт дашборда',
  'daily_dashboard.create': 'создал ежедневный дашборд',
  'daily_dashboard.update': 'изменил ежедневный дашборд',
  'daily_dashboard.reorder': 'изменил порядок ежедневных дашбордов',
  'daily_dashboard.private': 'изменил приватность ежедневного дашборда',
  'daily_dashboard.delete': 'удалил ежедневный дашборд',
  'client_excel.import': 'загрузил Excel клиента',
  'client_excel.delete': 'удалил загрузку Excel клиента',
  'report.delete': 'удалил отчёт',
  'user.create': 'создал пользователя',
  'user.update': 'изменил пользователя',
  'user.set_permissions': 'изменил права пользователя',
  'user.add_permission': 'добавил право пользователю',
  'user.delete_permission': 'убрал право у пользователя',
  'user.ui_perms_tree': 'изменил права пользователя',
  'permission_group.create': 'создал группу прав',
  'permission_group.update': 'изменил группу прав',
  'permission_group.delete': 'удалил группу прав',
  'organization.create': 'создал организацию',
  'organization.update': 'изменил организацию',
  'organization.delete': 'удалил организацию',
};

/** The Russian verb of an action, or the raw string for one this version does not know. */
export function actionLabel(action: string): string {
  return Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action] : action;
}

const actionsPageSize = positiveIntParam(MAX_PAGE_SIZE);

const ACTION_VERB = /^[a-z_]{1,40}\.[a-z_]{1,40}$/;

/** `action_in=message.verify,theme.rename`: verbs `<entity>.<change>`, empty items and repeats dropped, at most 100. */
const actionList = z
  .string()
  .max(4000, 'не длиннее 4000 символов')
  .transform((text, ctx) => {
    const verbs = [
      ...new Set(
        text
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ];
    const bad = verbs.find((verb) => !ACTION_VERB.test(verb));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `ожидается действие вида entity.change, «${bad.slice(0, 50)}» не действие`,
      });
      return z.NEVER;
    }
    if (verbs.length > 100) {
      ctx.addIssue({ code: 'custom', message: 'не больше 100 действий' });
      return z.NEVER;
    }
    return verbs;
  });

const typeIds = Object.keys(ACTION_TYPES).map(Number);

/** The log's cap on `elements_count`: past it the list says "10 000+" instead of counting a million rows. */
export const USER_ACTIONS_COUNT_CAP = 10_000;
/** Rows on a page of /logs. */
export const USER_ACTIONS_PAGE_SIZE = 25;
/** get_report/ refuses (400) a filter of more rows than this: narrow the period. */
export const USER_ACTIONS_REPORT_MAX = 200_000;

/** GET user-actions/ (and get_report/, which ignores the paging): `pageSize` is the spelling the logs page uses (api.md §7.10); `page_size` wins when both come. */
export const userActionsQuery = z
  .object({
    page: pageParam,
    page_size: actionsPageSize.optional(),
    pageSize: actionsPageSize.optional(),
    user_in: commaIdList().optional(),
    type_in: commaIdList(typeIds).optional(),
    type_not_in: commaIdList(typeIds).optional(),
    action_in: actionList.optional(),
    message_in: commaIdList().optional(),
    theme_in: commaIdList().optional(),
    info_reason_in: commaIdList().optional(),
    lom_in: commaIdList().optional(),
    /** Moscow days (YYYY-MM-DD, inclusive) or ISO instants, as wrote_at_after/before. */
    created_at_after: periodBound('after').optional(),
    created_at_before: periodBound('before').optional(),
  })
  .transform(({ pageSize, page_size, ...q }) => ({
    ...q,
    page_size: page_size ?? pageSize ?? DEFAULT_PAGE_SIZE_VALUE,
  }));
export type UserActionsQuery = z.output<typeof userActionsQuery>;

export type ActionTargetKind = 'message' | 'theme' | 'info_reason' | 'lom';

/** The objects a log row names, in this order; the web links each to its page. */
export function actionTargets(row: {
  message_id: number | null;
  theme_id: number | null;
  info_reason_id: number | null;
  lom_id: number | null;
}): { kind: ActionTargetKind; id: number; label: string }[] {
  const targets: { kind: ActionTargetKind; id: number; label: string }[] = [];
  if (row.message_id !== null)
    targets.push({ kind: 'message', id: row.message_id, label: `сообщение №${row.message_id}` });
  if (row.theme_id !== null)
    targets.push({ kind: 'theme', id: row.theme_id, label: `тема №${row.theme_id}` });
  if (row.info_reason_id !== null)
    targets.push({ kind: 'info_reason', id: row.info_reason_id, label: `инфоповод №${row.info_reason_id}` });
  if (row.lom_id !== null) targets.push({ kind: 'lom', id: row.lom_id, label: `ЛОМ №${row.lom_id}` });
  return targets;
}
