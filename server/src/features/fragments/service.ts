import type { FragmentEditBody, FragmentFields, FragmentResult, Mood } from '@monitoring/contracts';
import { ACTION_TYPE } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction, logActions } from '../../domain/action-log-queries.ts';
import { refreshLomMetrics } from '../../domain/aggregates/rollup-queries.ts';
import {
  applyClassification,
  type ConflictError,
  keepInfoReason,
  resolveClassification,
} from '../../domain/editing/classification.ts';
import { fragmentValues, presentFragment } from '../../domain/editing/fragment-presenter.ts';
import * as fq from '../../domain/editing/fragment-queries.ts';
import { missingTags } from '../../domain/editing/lookup-queries.ts';
import { checkSpan, fragmentSource, lockOrFail } from '../../domain/editing/message-edit.ts';
import { presentEdit } from '../../domain/editing/message-edit-presenter.ts';
import { presentQuote, quoteValues } from '../../domain/editing/quote-presenter.ts';
import { insertQuote } from '../../domain/editing/quote-queries.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { messageIdOf, messageIdsOf } from './queries.ts';

// Edits of fragments (api.md §7.7 and messages/fragment_fields/). Locks go message
// first, then fragment, as in the message calls, so concurrent edits cannot deadlock.

const FRAGMENT_NOT_FOUND = 'Фрагмент не найден';
const unprocessable: ConflictError = (message, field) => new HttpError(422, message, field);

/** Locks the fragment's message, then the fragment; 404 when either is gone. */
async function lockWithMessage(db: Db, id: number) {
  const messageId = await messageIdOf(db, id);
  if (messageId === undefined) throw notFound(FRAGMENT_NOT_FOUND);
  const message = await lockOrFail(db, messageId);
  const fragment = await fq.lockFragment(db, id);
  if (!fragment) throw notFound(FRAGMENT_NOT_FOUND);
  return { message, fragment };
}

async function withTags(db: Db, row: fq.FragmentRow): Promise<FragmentResult> {
  return presentFragment(row, (await fq.tagsOf(db, [row.id])).get(row.id) ?? []);
}

/**
 * Sets classification fields on locked fragments and logs one row per fragment.
 * `conflict` builds the error of a theme/info-reason mismatch (422 on fragment_fields).
 */
async function applyFields(
  db: Db,
  userId: number,
  rows: fq.FragmentRow[],
  fields: FragmentFields & {
    speech_timestamp?: number | null;
    span?: { text: string; start: number; end: number };
  },
  action: string,
  conflict?: ConflictError,
): Promise<FragmentResult[]> {
  const c = await resolveClassification(
    db,
    { theme: fields.theme, info_reason: fields.info_reason },
    { theme: 'theme', info_reason: 'info_reason' },
    conflict,
  );
  if (fields.tags) {
    const missing = await missingTags(db, fields.tags);
    if (missing.length > 0) throw badRequest(`Теги не найдены: ${missing.join(', ')}`, 'tags');
  }
  const ids = rows.map((r) => r.id);
  const tagsBefore = await fq.tagsOf(db, ids);
  if (fields.tags) await fq.setTags(db, ids, fields.tags);
  const tagsAfter = await fq.tagsOf(db, ids);
  const results: FragmentResult[] = [];
  const entries = [];
  for (const row of rows) {
    const next = await applyClassification(db, { themeId: row.themeId, infoReasonId: row.infoReasonId }, c);
    const updated = await fq.updateFragment(db, row.id, {
      ...next,
      ...(fields.mood !== undefined ? { mood: fields.mood } : {}),
      ...(fields.mood_ai !== undefined ? { moodAi: fields.mood_ai } : {}),
      ...(fields.speech_timestamp !== undefined ? { speechTimestamp: fields.speech_timestamp } : {}),
      ...(fields.span ?? {}),
    });
    const tags = tagsAfter.get(row.id) ?? [];
    entries.push({
      userId,
      type: ACTION_TYPE.fragment,
      action,
      messageId: row.messageId,
      themeId: updated.themeId,
      infoReasonId: updated.infoReasonId,
      oldValue: { id: row.id, ...fragmentValues(row, tagsBefore.get(row.id) ?? []) },
      newValue: { id: row.id, ...fragmentValues(updated, tags) },
    });
    results.push(presentFragment(updated, tags));
  }
  await logActions(db, entries);
  return results;
}

export async function setMoodAi(db: Db, userId: number, id: number, moodAi: Mood | null) {
  return db.transaction(async (tx) => {
    const { fragment } = await lockWithMessage(tx, id);
    const [result] = await applyFields(tx, userId, [fragment], { mood_ai: moodAi }, 'fragment.mood_ai');
    return result;
  });
}

/** v2 fragments/{id}/edit/: span, speech timestamp, classification and tags in one call. */
export async function editFragment(db: Db, userId: number, id: number, body: FragmentEditBody) {
  return db.transaction(async (tx) => {
    const { message, fragment } = await lockWithMessage(tx, id);
    const { text, start, end, ...fields } = body;
    let span: { text: string; start: number; end: number } | undefined;
    if (text !== undefined || start !== undefined || end !== undefined) {
      const s = start ?? fragment.start;
      const e = end ?? fragment.end;
      // Without a text the span's text follows from the bounds.
      span = { start: s, end: e, text: text ?? fragmentSource(message.text).slice(s, e) };
      checkSpan(message.text, span);
    }
    const [result] = await applyFields(tx, userId, [fragment], { ...fields, span }, 'fragment.edit');
    return result;
  });
}

export async function quoteFromFragment(db: Db, userId: number, id: number, text: string) {
  return db.transaction(async (tx) => {
    const { message, fragment } = await lockWithMessage(tx, id);
    const row = await insertQuote(tx, {
      messageId: message.id,
      fragmentId: fragment.id,
      lomId: message.speaker_id ?? message.lomId,
      text: text.trim(),
      speechTimestamp: fragment.speechTimestamp ?? message.speech_timestamp,
      mood: fragment.mood ?? message.mood,
      themeId: fragment.themeId ?? message.theme_id,
      infoReasonId: fragment.themeId === null ? message.info_reason_id : fragment.infoReasonId,
      wroteAt: message.wroteAt,
    });
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.quote,
      action: 'quote.create',
      messageId: message.id,
      lomId: row.lomId,
      themeId: row.themeId,
      infoReasonId: row.infoReasonId,
      newValue: { ...quoteValues(row), fragment_id: fragment.id },
    });
    if (row.lomId !== null) await refreshLomMetrics(tx, [row.lomId]);
    return presentQuote(row);
  });
}

/** Deletes one fragment; the answer is its message (fragment_presence may change). */
export async function deleteFragment(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const { message, fragment } = await lockWithMessage(tx, id);
    const tags = (await fq.tagsOf(tx, [id])).get(id) ?? [];
    await fq.deleteFragments(tx, [id]);
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.fragment,
      action: 'fragment.delete',
      messageId: message.id,
      themeId: fragment.themeId,
      infoReasonId: fragment.infoReasonId,
      oldValue: { id, ...fragmentValues(fragment, tags) },
    });
    await fq.refreshFragmentPresence(tx, [message.id]);
    return presentEdit(await lockOrFail(tx, message.id));
  });
}

/** Locks fragments by id in message order; `inMessages` narrows them to those messages. */
async function lockMany(db: Db, ids: number[], inMessages?: number[]) {
  const messageIds = [...new Set(await messageIdsOf(db, ids))].sort((a, b) => a - b);
  for (const messageId of messageIds) await lockOrFail(db, messageId);
  const rows = await fq.lockFragments(db, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((fid) => !found.has(fid));
  const foreign = inMessages ? rows.filter((r) => !inMessages.includes(r.messageId)).map((r) => r.id) : [];
  return { rows, missing, foreign };
}

/** PATCH fragments/{ids}/fields/: 404 when a fragment is missing, 400 on a conflict. */
export async function fragmentsFields(db: Db, userId: number, ids: number[], fields: FragmentFields) {
  return db.transaction(async (tx) => {
    const { rows, missing } = await lockMany(tx, ids);
    if (missing.length > 0) throw notFound(`Фрагменты не найдены: ${missing.join(', ')}`);
    return applyFields(tx, userId, rows, fields, 'fragment.fields');
  });
}

/** PATCH v3 messages/fragment_fields/: 422 when a fragment is not of the messages or the fields conflict. */
export async function messageFragmentFields(
  db: Db,
  userId: number,
  messageIds: number[],
  fragmentIds: number[],
  fields: FragmentFields,
) {
  return db.transaction(async (tx) => {
    const { rows, missing, foreign } = await lockMany(tx, fragmentIds, messageIds);
    const wrong = [...missing, ...foreign];
    if (wrong.length > 0) {
      throw unprocessable(
        `Фрагменты не относятся к указанным сообщениям: ${wrong.join(', ')}`,
        'fragment_ids',
      );
    }
    return applyFields(tx, userId, rows, fields, 'fragment.fields', unprocessable);
  });
}

/** Clears the fragment's theme (and an info reason of it) when it is the given one. */
export async function removeFragmentTheme(db: Db, userId: number, id: number, themeId: number) {
  return db.transaction(async (tx) => {
    const { fragment } = await lockWithMessage(tx, id);
    if (fragment.themeId !== themeId) return withTags(tx, fragment);
    const infoReasonId = await keepInfoReason(tx, fragment.infoReasonId, null);
    const [result] = await applyFields(
      tx,
      userId,
      [fragment],
      { theme: null, info_reason: infoReasonId },
      'fragment.theme_remove',
    );
    return result;
  });
}

export async function removeFragmentInfoReason(db: Db, userId: number, id: number, infoReasonId: number) {
  return db.transaction(async (tx) => {
    const { fragment } = await lockWithMessage(tx, id);
    if (fragment.infoReasonId !== infoReasonId) return withTags(tx, fragment);
    const [result] = await applyFields(
      tx,
      userId,
      [fragment],
      { info_reason: null },
      'fragment.info_reason_remove',
    );
    return result;
  });
}
