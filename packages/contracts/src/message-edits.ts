import { z } from 'zod';
import { messageStatusSchema, messageTypeSchema } from './constants.ts';
import { idField, idList, idOrIds, idParam, MAX_BULK_IDS, MAX_ID, strictBody } from './input.ts';
import { messageFilterFields, normalizeMessageFilter } from './messages.ts';
import { moodSchema } from './moods.ts';

// Requests and answers of the editors' write calls on messages (api.md §7.8, product.md §3–§4).

/** Rubrics, tags or personal tags one call may set on a message. */
export const MAX_LINKS = 100;
export const MAX_MESSAGE_TEXT = 100_000;

/** Seconds from the start of a recording. */
export const speechTimestampField = z
  .number({ error: 'ожидается число секунд' })
  .int({ error: 'ожидается целое число секунд' })
  .min(0, { error: 'не может быть отрицательным' })
  .max(MAX_ID, { error: 'слишком большое число секунд' })
  .nullable();
export const moodField = moodSchema.nullable();
export const nonEmptyText = z
  .string({ error: 'ожидается текст' })
  .max(MAX_MESSAGE_TEXT, { error: 'слишком длинный текст' })
  .refine((text) => text.trim().length > 0, { error: 'текст не может быть пустым' });

export const messageIdParams = z.object({ id: idParam });
export const messagePersonalTagParams = z.object({
  id: idParam,
  tagId: idParam,
});

/**
 * The message after a change: its flags and primary classification. A subset of the
 * message detail, so a client that reloads the message sees the same values.
 */
export const messageEditResult = z.object({
  id: z.number().int(),
  verified: z.boolean(),
  verified_by_super_editor: z.boolean(),
  verified_ai: z.boolean(),
  delayed: z.boolean(),
  archived: z.boolean(),
  trash: z.boolean(),
  from_zephyr: z.boolean(),
  is_manual: z.boolean(),
  mood: z.number().int().nullable(),
  mood_ai: z.number().int().nullable(),
  theme_id: z.number().int().nullable(),
  info_reason_id: z.number().int().nullable(),
  state: z.number().int(),
  fragment_presence: z.boolean(),
  speaker_id: z.number().int().nullable(),
  speech_timestamp: z.number().int().nullable(),
});
export type MessageEditResult = z.infer<typeof messageEditResult>;

/** The flags toggled by PATCH {id}/<flag>/ (§4), by path segment. */
export const MESSAGE_FLAG_CALLS = ['verify', 'se-verify', 'delay', 'archive', 'trash', 'verify_ai'] as const;
export type MessageFlagCall = (typeof MESSAGE_FLAG_CALLS)[number];

export const approveMessagesBody = strictBody({ messages: idList });
/** Answer of bulk calls: how many rows changed. */
export const updatedCountResponse = z.object({ updated: z.number().int() });

function atLeastOneField(value: object): boolean {
  return Object.values(value).some((v) => v !== undefined);
}
const NO_FIELDS = 'укажите хотя бы одно поле для изменения';

/**
 * Fields a mass edit may set on messages. `theme` and `info_reason` keep each other
 * consistent (see docs); `rubrics` and `tags` replace the message's whole set.
 * verified_by_super_editor is not here: approval has its own call and permission.
 */
export const messageFieldsShape = {
  mood: moodField.optional(),
  theme: idField.nullable().optional(),
  info_reason: idField.nullable().optional(),
  state: messageStatusSchema.optional(),
  verified: z.boolean().optional(),
  verified_ai: z.boolean().optional(),
  delayed: z.boolean().optional(),
  archived: z.boolean().optional(),
  trash: z.boolean().optional(),
  rubrics: z.array(idField).max(MAX_LINKS).optional(),
  tags: z.array(idField).max(MAX_LINKS).optional(),
};
export const messageFields = strictBody(messageFieldsShape).refine(atLeastOneField, { error: NO_FIELDS });
export type MessageFields = z.infer<typeof messageFields>;

export const messageMassFieldsBody = strictBody({ ids: idList, ...messageFieldsShape }).refine(
  ({ ids: _ids, ...fields }) => atLeastOneField(fields),
  { error: NO_FIELDS },
);

/** A filter value as JSON: the query-string value, a number, a flag, or a list. */
const filterValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(200), z.number()])).max(MAX_BULK_IDS),
]);
/** A saved or posted message filter: the list's query parameters as a JSON object. */
export const messageFilterObject = z.record(z.string().max(100), filterValue);
export type MessageFilterObject = z.infer<typeof messageFilterObject>;

/**
 * The filter of a mass update: the list's filter fields, refusing unknown keys (a
 * misspelt key would otherwise widen the update) and an empty filter (every message).
 */
export const massUpdateFilter = strictBody(messageFilterFields)
  .transform(normalizeMessageFilter)
  .refine(({ ordering: _ordering, ...conditions }) => Object.keys(conditions).length > 0, {
    error: 'фильтр не может быть пустым: укажите хотя бы одно условие',
  });
export const filteredMassUpdateBody = strictBody({ filter: massUpdateFilter, fields: messageFields });

export const messageRubricsBody = strictBody({ rubrics_id: idOrIds });
export const messagePersonalTagsBody = strictBody({
  personal_tags: z.array(idField).max(MAX_LINKS, { error: `не более ${MAX_LINKS} меток` }),
});
export const messagePersonalTagsResult = z.object({
  id: z.number().int(),
  personal_tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const messageQuoteBody = strictBody({
  text: nonEmptyText,
  speech_timestamp: speechTimestampField.optional(),
});
export const messageFragmentBody = strictBody({
  text: nonEmptyText,
  start: z.number({ error: 'ожидается число' }).int().min(0, { error: 'не может быть отрицательным' }),
  end: z.number({ error: 'ожидается число' }).int().min(1, { error: 'должно быть больше начала' }),
  speech_timestamp: speechTimestampField.optional(),
}).refine((b) => b.end > b.start, { error: 'конец фрагмента должен быть больше начала', path: ['end'] });

export const messageThemeBody = strictBody({ theme_id: idField });
export const messageThemeDeleteBody = strictBody({ theme_ids: idOrIds });
export const messageInfoReasonBody = strictBody({
  info_reason_id: idField,
  theme_id: idField.nullable().optional(),
});
export const messageInfoReasonDeleteBody = strictBody({ info_reason_id: idField.optional() }).nullish();

export const fragmentDeletionBody = strictBody({
  messages: idList,
  fragments: z.array(idField).max(MAX_BULK_IDS).optional(),
});

export const speakerBody = strictBody({
  speaker: idField,
  speech_timestamp: speechTimestampField.optional(),
});

/** An instant with its offset (ISO 8601), as the web sends dates. */
export const instantField = z.iso.datetime({
  offset: true,
  error: 'ожидается дата и время в формате ISO 8601',
});

export const createMessageBody = strictBody({
  lom_id: idField,
  lom_source_id: idField.nullable().optional(),
  text: nonEmptyText,
  wrote_at: instantField,
  url: z
    .url({ protocol: /^https?$/, error: 'ожидается адрес http(s)' })
    .max(2000)
    .nullable()
    .optional(),
  message_type: messageTypeSchema,
  mood: moodField.optional(),
  theme_id: idField.nullable().optional(),
  info_reason_id: idField.nullable().optional(),
});
export type CreateMessageBody = z.infer<typeof createMessageBody>;

/** POST save_personal_theme/: the name must be sent; a blank one becomes 'без имени', as a theme's does. */
export const savePersonalThemeBody = strictBody({
  name: z.string({ error: 'укажите название темы' }).trim().max(200, { error: 'не длиннее 200 символов' }),
  type: z.number().int().min(1).max(99).default(1),
  filters: messageFilterObject.optional(),
  filter: messageFilterObject.optional(),
});
export const personalThemeResult = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  filters: messageFilterObject,
  created_at: z.string(),
});

export const quoteResult = z.object({
  id: z.number().int(),
  message_id: z.number().int().nullable(),
  fragment_id: z.number().int().nullable(),
  lom_id: z.number().int().nullable(),
  text: z.string(),
  speech_timestamp: z.number().int().nullable(),
  mood: z.number().int().nullable(),
  theme_id: z.number().int().nullable(),
  info_reason_id: z.number().int().nullable(),
  wrote_at: z.string(),
  is_manual: z.boolean(),
});
export type QuoteResult = z.infer<typeof quoteResult>;

export const manualQuoteBody = strictBody({
  text: nonEmptyText,
  lom_id: idField.optional(),
  message_id: idField.optional(),
  wrote_at: instantField.optional(),
  speech_timestamp: speechTimestampField.optional(),
  mood: moodField.optional(),
  theme_id: idField.nullable().optional(),
  info_reason_id: idField.nullable().optional(),
}).refine((b) => b.lom_id !== undefined || b.message_id !== undefined, {
  error: 'укажите ЛОМ или сообщение',
  path: ['lom_id'],
});

export const markupCreateBody = strictBody({
  message: idField,
  theme: idField,
  info_reason: idField.nullable().optional(),
  mood: moodField.optional(),
});
export const markupPatchBody = strictBody({
  theme: idField.optional(),
  info_reason: idField.nullable().optional(),
  mood: moodField.optional(),
}).refine(atLeastOneField, { error: NO_FIELDS });
export const markupResult = z.object({
  id: z.number().int(),
  message: z.number().int(),
  theme: z.number().int().nullable(),
  info_reason: z.number().int().nullable(),
  mood: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type MarkupResult = z.infer<typeof markupResult>;

/** DELETE quotes/{id}/theme/ and info-reason/: the id the client saw, optional (a DELETE may come without a body). */
export const quoteThemeDeleteBody = strictBody({ theme_id: idField.optional() }).nullish();
export const quoteInfoReasonDeleteBody = strictBody({ info_reason_id: idField.optional() }).nullish();
