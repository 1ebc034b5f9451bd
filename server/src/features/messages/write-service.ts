import type { MessageEditResult, MessageFlagCall } from '@monitoring/contracts';
import { ACTION_TYPE } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { refreshMessageAggregates } from '../../domain/aggregates/rollup-queries.ts';
import { missingRubrics } from '../../domain/editing/lookup-queries.ts';
import { lockOrFail } from '../../domain/editing/message-edit.ts';
import { presentEdit } from '../../domain/editing/message-edit-presenter.ts';
import {
  type MessageRow,
  type MessageSet,
  updateMessage,
} from '../../domain/editing/message-edit-queries.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as q from './write-queries.ts';
import { flagChange, touchesAggregates } from './write-rules.ts';

// Single-message edits of flags, rubrics, personal tags and the AI conversion.

/**
 * Updates one message, logs the change and keeps the aggregates current: the
 * common tail of every single-message edit, inside the caller's transaction.
 */
export async function changeMessage(
  db: Db,
  userId: number,
  message: MessageRow,
  action: string,
  set: MessageSet,
  oldValue: unknown,
  newValue: unknown,
): Promise<MessageEditResult> {
  const row = await updateMessage(db, message.id, set);
  await logAction(db, {
    userId,
    type: ACTION_TYPE.message,
    action,
    messageId: message.id,
    lomId: message.lomId,
    themeId: row.theme_id,
    infoReasonId: row.info_reason_id,
    oldValue,
    newValue,
  });
  if (touchesAggregates(set)) await refreshMessageAggregates(db, [message.id]);
  return presentEdit(row);
}

export async function toggleFlag(db: Db, userId: number, id: number, call: MessageFlagCall) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const change = flagChange(message, call);
    return changeMessage(tx, userId, message, change.action, change.set, change.oldValue, change.newValue);
  });
}

/** Approval (§4): verified_by_super_editor = true on exactly the selected messages; all or none. */
export async function approveMessages(db: Db, userId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await q.lockForApproval(tx, unique);
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(`Сообщения не найдены: ${missing.join(', ')}`);
    const pending = rows.filter((r) => !r.done);
    if (pending.length === 0) return 0;
    await q.approve(
      tx,
      userId,
      pending.map((r) => r.id),
    );
    return pending.length;
  });
}

/** PATCH adds rubrics, DELETE removes them; the answer is the message. */
export async function changeRubrics(db: Db, userId: number, id: number, rubricIds: number[], add: boolean) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    if (add) {
      const missing = await missingRubrics(tx, rubricIds);
      if (missing.length > 0) throw badRequest(`Рубрики не найдены: ${missing.join(', ')}`, 'rubrics_id');
    }
    const before = await q.messageRubricIds(tx, id);
    if (add) await q.addRubrics(tx, id, rubricIds);
    else await q.removeRubrics(tx, id, rubricIds);
    const after = await q.messageRubricIds(tx, id);
    const action = add ? 'message.rubrics_add' : 'message.rubrics_remove';
    return changeMessage(tx, userId, message, action, {}, { rubrics: before }, { rubrics: after });
  });
}

/** Sets the current user's personal tags on the message; other users' tags are not touched. */
export async function setPersonalTags(db: Db, userId: number, id: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const own = await q.ownPersonalTagIds(tx, userId, unique);
    const foreign = unique.filter((tag) => !own.has(tag));
    if (foreign.length > 0) {
      throw badRequest(`Персональные метки не найдены среди ваших: ${foreign.join(', ')}`, 'personal_tags');
    }
    const before = await q.userPersonalTags(tx, id, userId);
    await q.setUserPersonalTags(tx, id, userId, unique);
    const after = await q.userPersonalTags(tx, id, userId);
    await changeMessage(
      tx,
      userId,
      message,
      'message.personal_tags',
      {},
      { personal_tags: before.map((t) => t.id) },
      { personal_tags: after.map((t) => t.id) },
    );
    return { id, personal_tags: after };
  });
}

export async function removePersonalTag(db: Db, userId: number, id: number, tagId: number) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const own = await q.ownPersonalTagIds(tx, userId, [tagId]);
    if (!own.has(tagId) || !(await q.removePersonalTag(tx, id, tagId))) {
      throw notFound('Персональная метка не найдена на сообщении');
    }
    await changeMessage(
      tx,
      userId,
      message,
      'message.personal_tag_remove',
      {},
      { personal_tag: tagId },
      null,
    );
    return { id, personal_tags: await q.userPersonalTags(tx, id, userId) };
  });
}

/**
 * Accepts the AI's classification: mood_ai becomes the editor's mood on the message
 * and on each fragment where the AI gave one, and the message goes to state 4
 * ("на редактировании"). Theme and info reason are already the AI's on an AI-marked
 * message (the model keeps no separate AI copy of them), so they stay.
 */
export async function convertFromAi(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const fragmentsChanged = await q.acceptFragmentMoodsAi(tx, id);
    const mood = message.mood_ai ?? message.mood;
    return changeMessage(
      tx,
      userId,
      message,
      'message.convert_from_ai',
      { mood, state: 4 },
      {
        mood: message.mood,
        state: message.state,
        fragments: fragmentsChanged.map((f) => ({ id: f.id, mood: f.old })),
      },
      { mood, state: 4, fragments: fragmentsChanged.map((f) => ({ id: f.id, mood: f.mood })) },
    );
  });
}
