import type { Db } from '../../db/client.ts';
import { resolveClassification } from '../../domain/editing/classification.ts';
import { lockOrFail } from '../../domain/editing/message-edit.ts';
import { badRequest } from '../../http/errors.ts';
import * as q from './markup-queries.ts';
import { changeMessage } from './write-service.ts';

/**
 * Themes and info reasons of one message. A message carries a primary
 * classification (theme_id, info_reason_id, mood: what lists, mood tables and
 * rollups count) and further ones as markups. Adding a theme fills the primary slot
 * when it is empty and adds a markup otherwise; removing a theme clears it wherever
 * it is. The answer is the message; markup changes are in the log with the message id.
 */

type Markup = Awaited<ReturnType<typeof q.markupsOf>>[number];
const themesOf = (primary: number | null, markups: Markup[]) => ({
  theme_id: primary,
  markup_themes: markups.map((m) => m.themeId),
});

export async function addTheme(db: Db, userId: number, id: number, themeId: number) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    await resolveClassification(tx, { theme: themeId }, { theme: 'theme_id', info_reason: 'info_reason_id' });
    const markups = await q.markupsOf(tx, id);
    const before = themesOf(message.theme_id, markups);
    if (message.theme_id === null) {
      return changeMessage(
        tx,
        userId,
        message,
        'message.theme_add',
        { themeId, infoReasonId: null },
        before,
        {
          ...before,
          theme_id: themeId,
        },
      );
    }
    const present = message.theme_id === themeId || markups.some((m) => m.themeId === themeId);
    if (!present) await q.insertMarkup(tx, { messageId: id, themeId, createdBy: userId });
    const after = themesOf(message.theme_id, await q.markupsOf(tx, id));
    return changeMessage(tx, userId, message, 'message.theme_add', {}, before, after);
  });
}

/** Removes the themes from the primary classification (with its info reason) and from markups. */
export async function removeThemes(db: Db, userId: number, id: number, themeIds: number[]) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const before = themesOf(message.theme_id, await q.markupsOf(tx, id));
    await q.deleteMarkupsOfThemes(tx, id, themeIds);
    const primary = message.theme_id !== null && themeIds.includes(message.theme_id);
    const set = primary ? { themeId: null, infoReasonId: null } : {};
    const after = themesOf(primary ? null : message.theme_id, await q.markupsOf(tx, id));
    return changeMessage(tx, userId, message, 'message.theme_remove', set, before, after);
  });
}

/**
 * Sets an info reason under a theme: on the primary classification when the theme is
 * the primary one (or the message has none), else on the markup of that theme, created
 * when missing. Without theme_id the info reason's own theme is used.
 */
export async function setInfoReason(
  db: Db,
  userId: number,
  id: number,
  infoReasonId: number,
  themeId?: number | null,
) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const c = await resolveClassification(
      tx,
      { theme: themeId, info_reason: infoReasonId },
      { theme: 'theme_id', info_reason: 'info_reason_id' },
    );
    const theme = c.themeId === undefined ? message.theme_id : c.themeId;
    const before = { theme_id: message.theme_id, info_reason_id: message.info_reason_id };
    if (message.theme_id === null || theme === message.theme_id || theme === null) {
      const set = { themeId: theme ?? message.theme_id, infoReasonId };
      return changeMessage(tx, userId, message, 'message.info_reason_set', set, before, {
        theme_id: set.themeId,
        info_reason_id: infoReasonId,
      });
    }
    const markup = (await q.markupsOf(tx, id)).find((m) => m.themeId === theme);
    if (markup) {
      await q.setMarkupInfoReason(tx, markup.id, infoReasonId);
    } else {
      await q.insertMarkup(tx, { messageId: id, themeId: theme, infoReasonId, createdBy: userId });
    }
    return changeMessage(
      tx,
      userId,
      message,
      'message.info_reason_set',
      {},
      { markup_theme: theme, info_reason_id: markup?.infoReasonId ?? null },
      { markup_theme: theme, info_reason_id: infoReasonId },
    );
  });
}

/** Clears the primary info reason, or the given one wherever the message carries it. */
export async function removeInfoReason(db: Db, userId: number, id: number, infoReasonId?: number) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const target = infoReasonId ?? message.info_reason_id;
    if (target === null) throw badRequest('У сообщения нет инфоповода', 'info_reason_id');
    const markups = await q.markupsOf(tx, id);
    const inPrimary = message.info_reason_id === target;
    const inMarkups = markups.filter((m) => m.infoReasonId === target);
    if (!inPrimary && inMarkups.length === 0) {
      throw badRequest('Инфоповод не относится к сообщению', 'info_reason_id');
    }
    if (inMarkups.length > 0) {
      await q.setMarkupsInfoReason(
        tx,
        inMarkups.map((m) => m.id),
        null,
      );
    }
    return changeMessage(
      tx,
      userId,
      message,
      'message.info_reason_remove',
      inPrimary ? { infoReasonId: null } : {},
      { info_reason_id: target },
      { info_reason_id: null },
    );
  });
}
