import { ACTION_TYPE } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction, logActions } from '../../domain/action-log-queries.ts';
import { refreshLomMetrics } from '../../domain/aggregates/rollup-queries.ts';
import { fragmentValues, presentFragment } from '../../domain/editing/fragment-presenter.ts';
import * as fq from '../../domain/editing/fragment-queries.ts';
import { findLom } from '../../domain/editing/lookup-queries.ts';
import { checkSpan, lockOrFail } from '../../domain/editing/message-edit.ts';
import { presentQuote, quoteValues } from '../../domain/editing/quote-presenter.ts';
import * as qq from '../../domain/editing/quote-queries.ts';
import { badRequest } from '../../http/errors.ts';
import * as q from './write-queries.ts';
import { changeMessage } from './write-service.ts';

// Quotes, fragments and speech data made from a message (api.md §7.8).

/** A quote is attributed to the speaker of a broadcast, else to the author. */
const quoteLomOf = (message: { speaker_id: number | null; lomId: number | null }) =>
  message.speaker_id ?? message.lomId;

export async function quoteFromMessage(
  db: Db,
  userId: number,
  id: number,
  body: { text: string; speech_timestamp?: number | null },
) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const row = await qq.insertQuote(tx, {
      messageId: id,
      lomId: quoteLomOf(message),
      text: body.text.trim(),
      speechTimestamp: body.speech_timestamp ?? message.speech_timestamp,
      mood: message.mood,
      themeId: message.theme_id,
      infoReasonId: message.info_reason_id,
      wroteAt: message.wroteAt,
    });
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.quote,
      action: 'quote.create',
      messageId: id,
      lomId: row.lomId,
      themeId: row.themeId,
      infoReasonId: row.infoReasonId,
      newValue: quoteValues(row),
    });
    if (row.lomId !== null) await refreshLomMetrics(tx, [row.lomId]);
    return presentQuote(row);
  });
}

export async function createFragment(
  db: Db,
  userId: number,
  id: number,
  body: { text: string; start: number; end: number; speech_timestamp?: number | null },
) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    checkSpan(message.text, body);
    // The new span inherits the message's theme and info reason; its mood is the editor's next step.
    const row = await fq.insertFragment(tx, {
      messageId: id,
      text: body.text,
      start: body.start,
      end: body.end,
      speechTimestamp: body.speech_timestamp ?? null,
      themeId: message.theme_id,
      infoReasonId: message.info_reason_id,
    });
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.fragment,
      action: 'fragment.create',
      messageId: id,
      themeId: row.themeId,
      infoReasonId: row.infoReasonId,
      newValue: { id: row.id, ...fragmentValues(row) },
    });
    if (!message.fragment_presence) {
      await changeMessage(
        tx,
        userId,
        message,
        'message.fragment_presence',
        { fragmentPresence: true },
        false,
        true,
      );
    }
    return presentFragment(row, []);
  });
}

/**
 * DELETE v3 messages/fragment-deletion/: the given fragments, each of one of the given
 * messages; without `fragments`, every fragment of the messages.
 */
export async function deleteMessageFragments(
  db: Db,
  userId: number,
  messageIds: number[],
  fragmentIds?: number[],
) {
  await db.transaction(async (tx) => {
    for (const id of [...new Set(messageIds)].sort((a, b) => a - b)) await lockOrFail(tx, id);
    const rows = fragmentIds?.length
      ? await fq.lockFragments(tx, fragmentIds)
      : await q.lockFragmentsOfMessages(tx, messageIds);
    const found = new Set(rows.map((r) => r.id));
    const foreign = (fragmentIds ?? []).filter((fid) => !found.has(fid));
    for (const row of rows) if (!messageIds.includes(row.messageId)) foreign.push(row.id);
    if (foreign.length > 0) {
      throw badRequest(`Фрагменты не относятся к указанным сообщениям: ${foreign.join(', ')}`, 'fragments');
    }
    await fq.deleteFragments(
      tx,
      rows.map((r) => r.id),
    );
    await logActions(
      tx,
      rows.map((row) => ({
        userId,
        type: ACTION_TYPE.fragment,
        action: 'fragment.delete',
        messageId: row.messageId,
        themeId: row.themeId,
        infoReasonId: row.infoReasonId,
        oldValue: { id: row.id, ...fragmentValues(row) },
      })),
    );
    await fq.refreshFragmentPresence(tx, messageIds);
  });
}

export async function addSpeaker(
  db: Db,
  userId: number,
  id: number,
  body: { speaker: number; speech_timestamp?: number | null },
) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    if (!(await findLom(tx, body.speaker))) throw badRequest('ЛОМ не найден', 'speaker');
    const speechTimestamp =
      body.speech_timestamp === undefined ? message.speech_timestamp : body.speech_timestamp;
    return changeMessage(
      tx,
      userId,
      message,
      'message.speaker_add',
      { speakerId: body.speaker, speechTimestamp },
      { speaker: message.speaker_id, speech_timestamp: message.speech_timestamp },
      { speaker: body.speaker, speech_timestamp: speechTimestamp },
    );
  });
}

/** The speaker goes, and with him the position of his speech in the recording. */
export async function removeSpeaker(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    return changeMessage(
      tx,
      userId,
      message,
      'message.speaker_remove',
      { speakerId: null, speechTimestamp: null },
      { speaker: message.speaker_id, speech_timestamp: message.speech_timestamp },
      { speaker: null, speech_timestamp: null },
    );
  });
}

/**
 * Carries the message's speech data to what was made of it: its quotes are attributed
 * to the speaker (else the author), and quotes and fragments without a speech
 * timestamp take the message's.
 */
export async function mergeSpeechData(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const message = await lockOrFail(tx, id);
    const lomId = quoteLomOf(message);
    const before = await q.lockQuotesOfMessage(tx, id);
    for (const quote of before) {
      await qq.updateQuote(tx, quote.id, {
        lomId,
        speechTimestamp: quote.speechTimestamp ?? message.speech_timestamp,
      });
    }
    if (message.speech_timestamp !== null) {
      await q.fillFragmentSpeechTimestamps(tx, id, message.speech_timestamp);
    }
    const loms = [...new Set(before.map((q) => q.lomId).concat(lomId))].filter(
      (v): v is number => v !== null,
    );
    await refreshLomMetrics(tx, loms);
    return changeMessage(
      tx,
      userId,
      message,
      'message.speech_merge',
      {},
      { quotes: before.map((q) => ({ id: q.id, lom_id: q.lomId, speech_timestamp: q.speechTimestamp })) },
      {
        quotes: before.map((q) => ({
          id: q.id,
          lom_id: lomId,
          speech_timestamp: q.speechTimestamp ?? message.speech_timestamp,
        })),
      },
    );
  });
}
