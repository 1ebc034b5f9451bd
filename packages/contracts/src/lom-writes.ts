import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';
import { commaIdList, idField, pageParam, pageSizeParam, strictBody } from './input.ts';
import { lomListItem } from './loms.ts';
import { periodBound } from './messages.ts';
import { moodCountsSchema } from './moods.ts';

/**
 * The lom card's write calls, its directories and the comparison of loms (api.md §7.9:
 * create-lom/, PATCH {id}/ and {id}/update-lom-avatar/, DELETE {id}/, {id}/create-lomsource/,
 * compare_loms/). docs/loms.md describes each. PATCH and DELETE {id}/ share
 * `LOM_PATHS.detail` with the card's GET.
 */

export const LOM_WRITE_PATHS = {
  create: '/api/v1/loms/create-lom/',
  avatar: '/api/v1/loms/:id/update-lom-avatar/',
  createSource: '/api/v1/loms/:id/create-lomsource/',
  compare: '/api/v1/loms/compare_loms/',
  cardDirectories: '/api/v1/loms/card-directories/',
  /** Where an uploaded avatar is served; `loms.avatar` holds this address. */
  avatarFile: '/api/v1/loms/avatars/:file',
} as const;

export const LOM_TEXT_MAX = 1000;
export const LOM_NAME_MAX = 300;
/** Ids one link field (producer centers, interests…) may hold. */
export const LOM_LINKS_MAX = 200;
/** Accounts one create-lom call may add. */
export const LOM_CREATE_SOURCES_MAX = 20;
/** Loms one comparison may name. */
export const LOM_COMPARE_MAX = 500;
/** The earliest birth date the card accepts. */
export const LOM_BIRTH_DATE_MIN = '1900-01-01';

/** Avatar upload (multipart field `avatar`): PNG, JPEG or WebP, at most 5 MB. */
export const LOM_AVATAR_FIELD = 'avatar';
export const LOM_AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const LOM_AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LomAvatarType = (typeof LOM_AVATAR_TYPES)[number];

function isRealDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A text field of the card: trimmed, and an empty one clears it (stored as null). */
const cardText = (max = LOM_TEXT_MAX) =>
  z
    .string({ error: 'ожидается строка' })
    .max(max, { error: `не длиннее ${max} символов` })
    .nullable()
    .transform((value) => {
      const text = value?.trim() ?? '';
      return text === '' ? null : text;
    });

/**
 * YYYY-MM-DD, a real day from 1900 on; null clears it. "Not in the future" depends on
 * today in Moscow, so the server checks it (400 naming birthDate).
 */
export const birthDateField = z
  .string({ error: 'ожидается дата ГГГГ-ММ-ДД' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'ожидается дата ГГГГ-ММ-ДД' })
  .refine(isRealDay, { error: 'такой даты нет' })
  .refine((day) => day >= LOM_BIRTH_DATE_MIN, { error: `не раньше ${LOM_BIRTH_DATE_MIN}` })
  .nullable();

/** A link field: the whole new set of ids (repeats are dropped); [] clears it. */
const linkIds = z
  .array(idField, { error: 'ожидается список идентификаторов' })
  .max(LOM_LINKS_MAX, { error: `не более ${LOM_LINKS_MAX} элементов` })
  .transform((ids) => [...new Set(ids)]);

/** The editable card fields, named as the spec's PATCH names them (api.md §7.9). */
const cardFields = {
  birthDate: birthDateField.optional(),
  producerCenters: linkIds.optional(),
  thematicGroups: linkIds.optional(),
  listAnd: linkIds.optional(),
  interests: linkIds.optional(),
  typology: cardText().optional(),
  category: cardText().optional(),
  segment: cardText().optional(),
  residence: cardText().optional(),
  awards: cardText().optional(),
  agency: cardText().optional(),
};
export const LOM_CARD_EDIT_FIELDS = Object.keys(cardFields) as (keyof typeof cardFields)[];
export type LomCardEditField = (typeof LOM_CARD_EDIT_FIELDS)[number];

/** PATCH loms/{id}/: any of the card fields; those sent replace the stored ones. */
export const lomUpdateBody = strictBody(cardFields);
export type LomUpdateBody = z.infer<typeof lomUpdateBody>;

/** POST loms/{id}/create-lomsource/ (api.md §7.9), also one item of create-lom's `sources`. */
export const lomSourceCreateBody = strictBody({
  source: idField,
  lom_source_url: z
    .url({ protocol: /^https?$/, error: 'ожидается адрес http(s)' })
    .max(2000, { error: 'не длиннее 2000 символов' }),
  coverage: z
    .number({ error: 'ожидается число подписчиков' })
    .int({ error: 'ожидается целое число' })
    .min(0, { error: 'не может быть отрицательным' })
    .max(10_000_000_000, { error: 'слишком большое число' })
    .default(0),
  is_active: z.boolean({ error: 'ожидается true или false' }).default(true),
});
export type LomSourceCreateBody = z.infer<typeof lomSourceCreateBody>;

/** POST loms/create-lom/: the name, where the lom lives, the card fields and its first accounts. */
export const lomCreateBody = strictBody({
  name: z
    .string({ error: 'ожидается имя' })
    .max(LOM_NAME_MAX, { error: `не длиннее ${LOM_NAME_MAX} символов` })
    .transform((name) => name.trim())
    .refine((name) => name.length > 0, { error: 'имя не может быть пустым' }),
  middlename: cardText(LOM_NAME_MAX).optional(),
  nickname: cardText(LOM_NAME_MAX).optional(),
  region: idField.nullable().optional(),
  city: idField.nullable().optional(),
  ...cardFields,
  sources: z
    .array(lomSourceCreateBody, { error: 'ожидается список аккаунтов' })
    .max(LOM_CREATE_SOURCES_MAX, { error: `не более ${LOM_CREATE_SOURCES_MAX} аккаунтов` })
    .optional(),
});
export type LomCreateBody = z.infer<typeof lomCreateBody>;

/** PATCH update-lom-avatar/: the address the card shows. */
export const lomAvatarResponse = z.object({ id: z.number().int(), avatar: z.string() });
export type LomAvatarResponse = z.infer<typeof lomAvatarResponse>;

export const lomAvatarFileParams = z.object({
  file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, { error: 'неизвестный файл' }),
});

const idName = z.object({ id: z.number().int(), name: z.string() });

/** GET loms/card-directories/: what the card's editor picks from (small directories, whole). */
export const lomCardDirectories = z.object({
  /** With the number of loms of each (not archived); show it through producerLomsCountShown. */
  producer_centers: z.array(idName.extend({ loms_count: z.number().int() })),
  thematic_groups: z.array(idName),
  list_and_types: z.array(idName),
  interests: z.array(idName),
});
export type LomCardDirectories = z.infer<typeof lomCardDirectories>;

/**
 * GET loms/compare_loms/: the loms of `id_in`, in that order, with their metrics over the
 * period (as the lom list counts them) and their mood counts. 100 a page (product.md §9).
 */
export const lomCompareQuery = z
  .object({
    /** Required; checked below so that a missing list gets the same Russian message. */
    id_in: commaIdList().optional(),
    page: pageParam,
    page_size: pageSizeParam(PAGE_SIZES.COMPARE_LOMS),
    message__wrote_at_after: periodBound('after').optional(),
    message__wrote_at_before: periodBound('before').optional(),
    wrote_at_after: periodBound('after').optional(),
    wrote_at_before: periodBound('before').optional(),
  })
  .superRefine((query, ctx) => {
    const count = new Set(query.id_in).size;
    if (count === 0) ctx.addIssue({ code: 'custom', message: 'выберите хотя бы один ЛОМ', path: ['id_in'] });
    if (count > LOM_COMPARE_MAX)
      ctx.addIssue({ code: 'custom', message: `не более ${LOM_COMPARE_MAX} ЛОМ`, path: ['id_in'] });
  })
  .transform(
    ({
      message__wrote_at_after,
      message__wrote_at_before,
      wrote_at_after,
      wrote_at_before,
      id_in,
      ...rest
    }) => ({
      ...rest,
      id_in: [...new Set(id_in ?? [])],
      wrote_at_after: wrote_at_after ?? message__wrote_at_after,
      wrote_at_before: wrote_at_before ?? message__wrote_at_before,
    }),
  );
export type LomCompareQuery = z.output<typeof lomCompareQuery>;

/** Messages of each mood in the period (live messages with a mood; mood 4 is kept apart). */
export const lomMoodCounts = moodCountsSchema;

export const lomCompareItem = lomListItem.extend({ mood_counts: lomMoodCounts });
export type LomCompareItem = z.infer<typeof lomCompareItem>;

/** The metrics the comparison puts side by side, with their Russian names, in display order. */
export const LOM_COMPARE_METRICS = [
  ['subscribers', 'Подписчики'],
  ['sum_coverage', 'Суммарный охват'],
  ['total_si', 'Si'],
  ['average_si', 'Средний Si'],
  ['total_views', 'Число просмотров'],
  ['message_number', 'Число сообщений'],
  ['verified_count', 'Проверенные сообщения'],
  ['quotes_count', 'Цитаты'],
  ['audience_age', 'Средний возраст аудитории'],
  ['trust_index', 'Индекс доверия'],
  ['influence_index', 'Индекс влияния'],
  ['integration_index', 'Индекс интеграции'],
] as const satisfies readonly (readonly [keyof LomCompareItem, string])[];
export type LomCompareMetric = (typeof LOM_COMPARE_METRICS)[number][0];
