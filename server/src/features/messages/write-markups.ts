import { ACTION_TYPE } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { applyClassification, resolveClassification } from '../../domain/editing/classification.ts';
import { lockMessage } from '../../domain/editing/message-edit-queries.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as q from './markup-queries.ts';
import { presentMarkup } from './presenter.ts';

// v3 message_markups/: further classifications of a message (theme, info reason, mood).
// They are not counted by the rollups, which follow the primary classification only.

const NAMES = { theme: 'theme', info_reason: 'info_reason' };

const values = (row: q.MarkupRow) => ({ theme: row.themeId, info_reason: row.infoReasonId, mood: row.mood });

export interface MarkupInput {
  message: number;
  theme: number;
  info_reason?: number | null;
  mood?: number | null;
}

export async function createMarkup(db: Db, userId: number, input: MarkupInput) {
  return db.transaction(async (tx) => {
    if (!(await lockMessage(tx, input.message))) throw badRequest('Сообщение не найдено', 'message');
    const c = await resolveClassification(
      tx,
      { theme: input.theme, info_reason: input.info_reason ?? null },
      NAMES,
    );
    const row = await q.insertMarkup(tx, {
      messageId: input.message,
      themeId: c.themeId ?? input.theme,
      infoReasonId: c.infoReasonId ?? null,
      mood: input.mood ?? null,
      createdBy: userId,
    });
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.message,
      action: 'markup.create',
      messageId: row.messageId,
      themeId: row.themeId,
      infoReasonId: row.infoReasonId,
      newValue: { id: row.id, ...values(row) },
    });
    return presentMarkup(row);
  });
}

async function lockMarkup(db: Db, id: number): Promise<q.MarkupRow> {
  const row = await q.lockMarkup(db, id);
  if (!row) throw notFound('Разметка не найдена');
  return row;
}

export async function updateMarkup(
  db: Db,
  userId: number,
  id: number,
  patch: { theme?: number; info_reason?: number | null; mood?: number | null },
) {
  return db.transaction(async (tx) => {
    const before = await lockMarkup(tx, id);
    const c = await resolveClassification(tx, { theme: patch.theme, info_reason: patch.info_reason }, NAMES);
    const next = await applyClassification(
      tx,
      { themeId: before.themeId, infoReasonId: before.infoReasonId },
      c,
    );
    const row = await q.updateMarkup(tx, id, {
      ...next,
      ...(patch.mood !== undefined ? { mood: patch.mood } : {}),
    });
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.message,
      action: 'markup.update',
      messageId: row.messageId,
      themeId: row.themeId,
      infoReasonId: row.infoReasonId,
      oldValue: { id, ...values(before) },
      newValue: { id, ...values(row) },
    });
    return presentMarkup(row);
  });
}

export async function deleteMarkup(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const before = await lockMarkup(tx, id);
    await q.deleteMarkup(tx, id);
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.message,
      action: 'markup.delete',
      messageId: before.messageId,
      themeId: before.themeId,
      infoReasonId: before.infoReasonId,
      oldValue: { id, ...values(before) },
    });
    return presentMarkup(before);
  });
}
