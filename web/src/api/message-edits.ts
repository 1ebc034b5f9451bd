import {
  apiPath,
  type CreateMessageBody,
  FRAGMENT_PATHS,
  type FragmentEditBody,
  fragmentResult,
  MESSAGE_FLAG_PATHS,
  MESSAGE_PATHS,
  type MessageFields,
  type MessageFilterParams,
  type MessageFlagCall,
  markupResult,
  messageEditResult,
  messagePersonalTagsResult,
  NAMED_ERRORS,
  quoteResult,
  updatedCountResponse,
} from '@monitoring/contracts';
import { apiFetch } from './client.ts';

// The editors' write calls (api.md §7.7, §7.8). Each answers what changed; the
// editor reloads the message afterwards (§4 "most actions reload the message").

export function toggleMessageFlag(id: number, call: MessageFlagCall) {
  return apiFetch(apiPath(MESSAGE_FLAG_PATHS.v2[call], { id }), {
    method: 'PATCH',
    schema: messageEditResult,
  });
}

/** Approval by a super editor: anything but 202 is «Messages approve error» (§8). */
export function approveMessages(ids: readonly number[]) {
  return apiFetch(MESSAGE_PATHS.approve, {
    method: 'POST',
    body: { messages: ids },
    expectStatus: 202,
    unexpectedStatusMessage: NAMED_ERRORS.messagesApprove,
  });
}

export function editMessagesFields(ids: readonly number[], fields: MessageFields) {
  return apiFetch(MESSAGE_PATHS.fields, {
    method: 'PATCH',
    body: { ids, ...fields },
    schema: updatedCountResponse,
  });
}

/** Every message matching the filter, in one transaction on the server. */
export function editMessagesByFilter(filter: MessageFilterParams, fields: MessageFields) {
  const { ordering: _ordering, ...conditions } = filter;
  return apiFetch(MESSAGE_PATHS.massUpdateByFilter, {
    method: 'PATCH',
    body: { filter: conditions, fields },
    schema: updatedCountResponse,
  });
}

export function changeMessageRubrics(id: number, rubricIds: readonly number[], add: boolean) {
  return apiFetch(apiPath(MESSAGE_PATHS.rubrics, { id }), {
    method: add ? 'PATCH' : 'DELETE',
    body: { rubrics_id: rubricIds },
    schema: messageEditResult,
  });
}

export function setMessagePersonalTags(id: number, tagIds: readonly number[]) {
  return apiFetch(apiPath(MESSAGE_PATHS.personalTags, { id }), {
    method: 'PATCH',
    body: { personal_tags: tagIds },
    schema: messagePersonalTagsResult,
  });
}

export function convertMessageFromAi(id: number) {
  return apiFetch(apiPath(MESSAGE_PATHS.convertFromAi, { id }), {
    method: 'POST',
    schema: messageEditResult,
  });
}

export function createMessage(body: CreateMessageBody) {
  return apiFetch(MESSAGE_PATHS.create, { method: 'POST', body, schema: messageEditResult });
}

export interface TextSpan {
  text: string;
  start: number;
  end: number;
  speech_timestamp?: number | null;
}

export function createFragment(id: number, span: TextSpan) {
  return apiFetch(apiPath(MESSAGE_PATHS.fragment, { id }), {
    method: 'POST',
    body: span,
    schema: fragmentResult,
  });
}

export function createQuote(id: number, quote: { text: string; speech_timestamp?: number | null }) {
  return apiFetch(apiPath(MESSAGE_PATHS.quote, { id }), { method: 'POST', body: quote, schema: quoteResult });
}

export function addMessageTheme(id: number, themeId: number) {
  return apiFetch(apiPath(MESSAGE_PATHS.theme, { id }), {
    method: 'POST',
    body: { theme_id: themeId },
    schema: messageEditResult,
  });
}

export function removeMessageThemes(id: number, themeIds: readonly number[]) {
  return apiFetch(apiPath(MESSAGE_PATHS.theme, { id }), {
    method: 'DELETE',
    body: { theme_ids: themeIds },
    schema: messageEditResult,
  });
}

export function setMessageInfoReason(id: number, infoReasonId: number, themeId: number | null) {
  return apiFetch(apiPath(MESSAGE_PATHS.infoReason, { id }), {
    method: 'POST',
    body: { info_reason_id: infoReasonId, theme_id: themeId },
    schema: messageEditResult,
  });
}

export function removeMessageInfoReason(id: number, infoReasonId?: number) {
  return apiFetch(apiPath(MESSAGE_PATHS.infoReasonDelete, { id }), {
    method: 'DELETE',
    body: infoReasonId === undefined ? {} : { info_reason_id: infoReasonId },
    schema: messageEditResult,
  });
}

/** Removal answers 204; anything else is «Fragments removing error» (§8). */
export function deleteFragments(messageIds: readonly number[], fragmentIds?: readonly number[]) {
  return apiFetch(MESSAGE_PATHS.fragmentDeletion, {
    method: 'DELETE',
    body: fragmentIds ? { messages: messageIds, fragments: fragmentIds } : { messages: messageIds },
    expectStatus: 204,
    unexpectedStatusMessage: NAMED_ERRORS.fragmentsRemoving,
  });
}

export function addSpeaker(id: number, speaker: number, speechTimestamp: number | null) {
  return apiFetch(apiPath(MESSAGE_PATHS.addSpeaker, { id }), {
    method: 'PATCH',
    body: { speaker, speech_timestamp: speechTimestamp },
    schema: messageEditResult,
  });
}

export function removeSpeaker(id: number) {
  return apiFetch(apiPath(MESSAGE_PATHS.delSpeaker, { id }), { method: 'PATCH', schema: messageEditResult });
}

export function mergeSpeechData(id: number) {
  return apiFetch(apiPath(MESSAGE_PATHS.mergeSpeechData, { id }), {
    method: 'PATCH',
    schema: messageEditResult,
  });
}

export interface MarkupInput {
  theme?: number;
  info_reason?: number | null;
  mood?: number | null;
}

export function createMarkup(message: number, markup: MarkupInput & { theme: number }) {
  return apiFetch(MESSAGE_PATHS.markups, {
    method: 'POST',
    body: { message, ...markup },
    schema: markupResult,
  });
}

export function updateMarkup(markupId: number, markup: MarkupInput) {
  return apiFetch(apiPath(MESSAGE_PATHS.markup, { id: markupId }), {
    method: 'PATCH',
    body: markup,
    schema: markupResult,
  });
}

export function deleteMarkup(markupId: number) {
  return apiFetch(apiPath(MESSAGE_PATHS.markup, { id: markupId }), {
    method: 'DELETE',
    schema: markupResult,
  });
}

export function editFragment(fragmentId: number, body: FragmentEditBody) {
  return apiFetch(apiPath(FRAGMENT_PATHS.edit, { id: fragmentId }), {
    method: 'PATCH',
    body,
    schema: fragmentResult,
  });
}

export function setFragmentMoodAi(fragmentId: number, moodAi: number | null) {
  return apiFetch(apiPath(FRAGMENT_PATHS.moodAi, { id: fragmentId }), {
    method: 'PATCH',
    body: { mood_ai: moodAi },
    schema: fragmentResult,
  });
}

export function quoteFromFragment(fragmentId: number, text: string) {
  return apiFetch(apiPath(FRAGMENT_PATHS.quote, { id: fragmentId }), {
    method: 'POST',
    body: { text },
    schema: quoteResult,
  });
}
