import { z } from 'zod';
import { pickItem } from './api.ts';
import { commaIdList, idField, idList, idParam, strictBody } from './input.ts';
import { queryFlag } from './messages.ts';
import {
  dominantMood,
  isMood,
  isTargetTonalityMet,
  MOOD_IDS,
  MOODS,
  type Mood,
  type MoodCounts,
} from './moods.ts';
import { pickListFields } from './pick-lists.ts';

/**
 * The info reason directory (api.md §7.3 info-reasons/, product.md §3 "Info reason",
 * §4 "Themes and info reasons" and "Moods", §5): the admin list, one item, create,
 * delete, moving between themes, archiving, merging, favourites, rename and the
 * target tonality with its completeness rule. The pick list (filter-list/) is in
 * pick-lists.ts. docs/info-reasons.md describes the calls.
 */

export const INFO_REASON_PATHS = {
  /** GET the admin list, POST a new info reason. */
  list: '/api/v1/info-reasons/',
  count: '/api/v1/info-reasons/pagination_count/',
  /** GET one, DELETE it. */
  detail: '/api/v1/info-reasons/:id/',
  themeMassUpdate: '/api/v1/info-reasons/theme-mass-update/',
  themeMassAdd: '/api/v1/info-reasons/theme-mass-add/',
  massArchive: '/api/v1/info-reasons/mass-archive/',
  archive: '/api/v1/info-reasons/:id/archive/',
  merge: '/api/v1/info-reasons/:id/merge_info_reason/',
  switchFavorite: '/api/v1/info-reasons/:id/switch_favorite/',
  updateTheme: '/api/v1/info-reasons/:id/update-theme/',
  rename: '/api/v1/info-reasons/:id/name/',
  updateTonality: '/api/v1/info-reasons/:id/update-tonality/',
} as const;

/** The name an info reason (and a theme) gets when none is given (product.md §5). */
export const INFO_REASON_DEFAULT_NAME = 'без имени';
export const INFO_REASON_NAME_MAX = 500;

// ---- Target tonality and completeness (product.md §4 "Moods") ----

/**
 * What a target tonality may be: any mood id, or null for none. Mood 4 ("Другое") is
 * the spec's "fourth option": it can be chosen, and then completeness is null.
 */
export const INFO_REASON_TARGET_TONALITIES: readonly Mood[] = MOOD_IDS;

/**
 * The actual mood of an info reason: the dominant mood (§4 "Dominant mood for
 * colouring", `dominantMood`) of its verified live messages (verified, not trash,
 * archived or delayed) by their primary classification, counted per mood. Mood 4
 * counts as 3; a tie between the positive and negative sides, or no such message,
 * gives null.
 */
export function infoReasonActualMood(counts: MoodCounts): Mood | null {
  return dominantMood(counts);
}

/**
 * Whether an info reason is complete (§4): its actual mood matches the target
 * tonality. True when both are in the positive pair {1, 6}, both in the negative pair
 * {2, 5}, or both neutral; false otherwise, and when there is no actual mood. Null
 * when no target is set or the target is the fourth option (4). An actual 4 is taken
 * as 3 (mood 4 merges into 3 everywhere).
 */
export function infoReasonComplete(actualMood: number | null, target: number | null): boolean | null {
  const actual = actualMood === MOODS.OTHER ? MOODS.NEUTRAL : actualMood;
  return isTargetTonalityMet(actual, target);
}

// ---- Requests ----

export const INFO_REASON_ORDERINGS = ['-created_at', 'created_at', 'name', '-name', 'id', '-id'] as const;
export type InfoReasonOrdering = (typeof INFO_REASON_ORDERINGS)[number];

/**
 * GET info-reasons/ and pagination_count/: the pick list's fields and filters, but
 * info reasons made by AI are left out unless `ai` is sent (product.md §9 "the admin
 * lists … default to ai=false"). A call naming its ids (`id_in`) gets them whatever
 * made them. Newest first unless `ordering` says otherwise.
 */
export const infoReasonListQuery = z
  .object({
    ...pickListFields,
    theme_in: commaIdList().optional(),
    /** true: only those without a theme; false: only those with one. */
    theme_isnull: queryFlag.optional(),
    active: queryFlag.optional(),
    archived: queryFlag.optional(),
    ai: queryFlag.optional(),
    ordering: z
      .enum(INFO_REASON_ORDERINGS, { error: `ожидается одно из: ${INFO_REASON_ORDERINGS.join(', ')}` })
      .default('-created_at'),
  })
  .transform((query) =>
    query.ai !== undefined || (query.id_in && query.id_in.length > 0) ? query : { ...query, ai: false },
  );
export type InfoReasonListQuery = z.output<typeof infoReasonListQuery>;

export const infoReasonIdParams = z.object({
  id: idParam,
});

const nameText = z
  .string({ error: 'ожидается строка' })
  .max(INFO_REASON_NAME_MAX, { error: `не длиннее ${INFO_REASON_NAME_MAX} символов` });
const withDefaultName = (name: string | null) => {
  const text = name?.trim() ?? '';
  return text === '' ? INFO_REASON_DEFAULT_NAME : text;
};

/** A name as sent: trimmed; empty, blank or null becomes 'без имени' (§5). */
export const infoReasonName = nameText.nullable().transform(withDefaultName);

/** A theme id, or null for none. */
const themeRef = idField.nullable();

/** POST info-reasons/: name and theme (api.md §7.3); the name must be sent (blank is 'без имени'), the theme may be left out. */
export const infoReasonCreateBody = strictBody({
  name: z.string({ error: 'укажите название инфоповода' }).pipe(nameText).transform(withDefaultName),
  theme: themeRef.default(null),
});
export type InfoReasonCreateBody = z.output<typeof infoReasonCreateBody>;
export type InfoReasonCreateInput = z.input<typeof infoReasonCreateBody>;

/** PATCH {id}/name/. */
export const infoReasonRenameBody = strictBody({ name: infoReasonName });
export type InfoReasonRenameBody = z.output<typeof infoReasonRenameBody>;

/** PATCH {id}/update-theme/: a theme id, or null to clear it. */
export const infoReasonThemeBody = strictBody({ theme: themeRef });
export type InfoReasonThemeBody = z.output<typeof infoReasonThemeBody>;

/** PATCH {id}/update-tonality/: a mood id 1–6 or null (none). */
export const infoReasonTonalityBody = strictBody({
  target_tonality: z
    .number({ error: 'ожидается тональность 1–6 или null' })
    .refine(isMood, { error: 'ожидается тональность 1–6 или null' })
    .nullable()
    .transform((value) => value as Mood | null),
});
export type InfoReasonTonalityBody = z.output<typeof infoReasonTonalityBody>;

/** PATCH theme-mass-update/: these info reasons into one theme, or out of any (null). */
export const infoReasonThemeMassUpdateBody = strictBody({ ids: idList, theme: themeRef });
export type InfoReasonThemeMassUpdateBody = z.output<typeof infoReasonThemeMassUpdateBody>;

/** PATCH theme-mass-add/: into the theme of that name, found any case or made. */
export const infoReasonThemeMassAddBody = strictBody({ ids: idList, theme_name: infoReasonName });
export type InfoReasonThemeMassAddBody = z.output<typeof infoReasonThemeMassAddBody>;

/** PATCH mass-archive/: archive (default true) or bring back. */
export const infoReasonMassArchiveBody = strictBody({
  ids: idList,
  archive: z.boolean({ error: 'ожидается true или false' }).default(true),
});
export type InfoReasonMassArchiveBody = z.output<typeof infoReasonMassArchiveBody>;

/**
 * POST {id}/merge_info_reason/: `theme` names the info reason that absorbs {id} (the
 * spec's field name; api.md §7.3 "with theme plus filter"). The list filter the web
 * sends along is ignored, so other fields are allowed and dropped.
 */
export const infoReasonMergeBody = z.object(
  { theme: idField },
  { error: 'ожидается объект с полем theme (инфоповод, в который объединить)' },
);
export type InfoReasonMergeBody = z.output<typeof infoReasonMergeBody>;

// ---- Answers ----

export const infoReasonTheme = pickItem.extend({ approved: z.boolean() });
export type InfoReasonTheme = z.infer<typeof infoReasonTheme>;

/** A row of the admin list and the answer of {id}/ and of the single-item writes. */
export const infoReasonItem = z.object({
  id: z.number().int(),
  name: z.string(),
  theme: infoReasonTheme.nullable(),
  created_at: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  /** The caller's favourite. */
  is_favorite: z.boolean(),
  target_tonality: z.number().int().nullable(),
  ai: z.boolean(),
  /** Messages with this info reason (primary classification), trash left out. */
  message_count: z.number().int(),
  /** infoReasonActualMood of its verified live messages. */
  actual_mood: z.number().int().nullable(),
  /** infoReasonComplete(actual_mood, target_tonality). */
  complete: z.boolean().nullable(),
});
export type InfoReasonItem = z.infer<typeof infoReasonItem>;

export const infoReasonMassResponse = z.object({ updated: z.number().int() });
export type InfoReasonMassResponse = z.infer<typeof infoReasonMassResponse>;

export const infoReasonMassAddResponse = z.object({
  updated: z.number().int(),
  theme: infoReasonTheme,
  /** True when no theme had the name and it was made. */
  theme_created: z.boolean(),
});
export type InfoReasonMassAddResponse = z.infer<typeof infoReasonMassAddResponse>;

export const infoReasonArchiveResponse = z.object({ archived: z.boolean() });
export type InfoReasonArchiveResponse = z.infer<typeof infoReasonArchiveResponse>;

export const infoReasonFavoriteResponse = z.object({ is_favorite: z.boolean() });
export type InfoReasonFavoriteResponse = z.infer<typeof infoReasonFavoriteResponse>;
