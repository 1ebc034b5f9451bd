import { z } from 'zod';
import { listEnvelope, pickItem } from './api.ts';
import { PAGE_SIZES } from './constants.ts';
import {
  commaIdList,
  idField,
  idList,
  idParam,
  MAX_BULK_IDS,
  pageParam,
  pageSizeParam,
  strictBody,
} from './input.ts';
import { MAX_LINKS, moodField, nonEmptyText, speechTimestampField } from './message-edits.ts';
import { periodBoundInstant } from './messages.ts';

// Fragments (api.md §7.7) and the fragment part of the messages calls (§7.8).

export const fragmentIdParams = z.object({ id: idParam });
/** `fragments/{ids}/fields/`: a comma list of fragment ids in the path. */
export const fragmentIdsParams = z.object({
  ids: commaIdList().refine((ids) => ids.length > 0 && ids.length <= MAX_BULK_IDS, {
    error: `укажите от 1 до ${MAX_BULK_IDS} фрагментов`,
  }),
});

export const fragmentResult = z.object({
  id: z.number().int(),
  message_id: z.number().int(),
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  speech_timestamp: z.number().int().nullable(),
  mood: z.number().int().nullable(),
  mood_ai: z.number().int().nullable(),
  theme_id: z.number().int().nullable(),
  info_reason_id: z.number().int().nullable(),
  tags: z.array(z.number().int()),
});
export type FragmentResult = z.infer<typeof fragmentResult>;

const NO_FIELDS = 'укажите хотя бы одно поле для изменения';
const someField = (value: object) => Object.values(value).some((v) => v !== undefined);

/** Classification fields set on several fragments at once; `tags` replaces the set. */
export const fragmentFieldsShape = {
  mood: moodField.optional(),
  mood_ai: moodField.optional(),
  theme: idField.nullable().optional(),
  info_reason: idField.nullable().optional(),
  tags: z.array(idField).max(MAX_LINKS).optional(),
};
export const fragmentFieldsBody = strictBody(fragmentFieldsShape).refine(someField, { error: NO_FIELDS });
export type FragmentFields = z.infer<typeof fragmentFieldsBody>;

/** messages/fragment_fields/: `ids` are the messages every fragment must belong to. */
export const messageFragmentFieldsBody = strictBody({
  ids: idList,
  fragment_ids: idList,
  ...fragmentFieldsShape,
}).refine(({ ids: _ids, fragment_ids: _fragments, ...fields }) => someField(fields), { error: NO_FIELDS });

export const fragmentMoodAiBody = strictBody({ mood_ai: moodField });

/** v2 fragments/{id}/edit/: the span (text, start, end) must stay a span of the message. */
export const fragmentEditBody = strictBody({
  text: nonEmptyText.optional(),
  start: z
    .number({ error: 'ожидается число' })
    .int()
    .min(0, { error: 'не может быть отрицательным' })
    .optional(),
  end: z.number({ error: 'ожидается число' }).int().min(1, { error: 'должно быть больше начала' }).optional(),
  speech_timestamp: speechTimestampField.optional(),
  ...fragmentFieldsShape,
}).refine(someField, { error: NO_FIELDS });
export type FragmentEditBody = z.infer<typeof fragmentEditBody>;

export const fragmentQuoteBody = strictBody({ text: nonEmptyText });
export const fragmentThemeDeleteBody = strictBody({ theme_id: idField });
export const fragmentInfoReasonDeleteBody = strictBody({ info_reason_id: idField });

/** GET v3 fragments/ ordering: by the message's time, the fragment's id or its mood. */
export const FRAGMENT_ORDERINGS = ['wrote_at', '-wrote_at', 'id', '-id', 'mood', '-mood'] as const;

/** A period bound as in the messages filter: a Moscow day or an instant, held as the instant. */
function periodParam(bound: 'after' | 'before') {
  return z.string().transform((text, ctx) => {
    const instant = periodBoundInstant(text, bound);
    if (instant) return instant;
    ctx.addIssue({ code: 'custom', message: 'ожидается дата ГГГГ-ММ-ДД или дата и время ISO 8601' });
    return z.NEVER;
  });
}
const booleanParam = z
  .enum(['true', 'false'], { error: 'ожидается true или false' })
  .transform((v) => v === 'true');

/**
 * GET v3 fragments/: the period reads like the messages filter (`periodBoundInstant`:
 * Moscow days, `wrote_at_before` inclusive, held as an exclusive instant);
 * `lom` and `fragments_theme` take one id or a comma list; `verified` tests the message.
 */
export const fragmentListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(PAGE_SIZES.FRAGMENTS),
  wrote_at_after: periodParam('after').optional(),
  wrote_at_before: periodParam('before').optional(),
  lom: commaIdList().optional(),
  lom_in: commaIdList().optional(),
  rubric_in: commaIdList().optional(),
  fragments_theme: commaIdList().optional(),
  ordering: z
    .enum(FRAGMENT_ORDERINGS, { error: `ожидается одно из: ${FRAGMENT_ORDERINGS.join(', ')}` })
    .default('-wrote_at'),
  verified: booleanParam.optional(),
});
export type FragmentListQuery = z.infer<typeof fragmentListQuery>;

export const fragmentListItem = fragmentResult.extend({
  theme: pickItem.nullable(),
  info_reason: pickItem.nullable(),
  tag_items: z.array(pickItem),
  wrote_at: z.string(),
  lom: pickItem.nullable(),
  message_verified: z.boolean(),
});
export type FragmentListItem = z.infer<typeof fragmentListItem>;
export const fragmentListResponse = listEnvelope(fragmentListItem);
