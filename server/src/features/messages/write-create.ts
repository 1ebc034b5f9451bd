import {
  ACTION_TYPE,
  type CreateMessageBody,
  type MessageFilterObject,
  THEME_NAME_DEFAULT,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { refreshLomMetrics, refreshMessageAggregates } from '../../domain/aggregates/rollup-queries.ts';
import { queueForAlerts } from '../../domain/alerts/inbox-queries.ts';
import { resolveClassification } from '../../domain/editing/classification.ts';
import { findLom, findLomSource } from '../../domain/editing/lookup-queries.ts';
import { presentEdit } from '../../domain/editing/message-edit-presenter.ts';
import { lockMessage } from '../../domain/editing/message-edit-queries.ts';
import { presentQuote, quoteValues } from '../../domain/editing/quote-presenter.ts';
import * as qq from '../../domain/editing/quote-queries.ts';
import { badRequest } from '../../http/errors.ts';
import * as q from './write-queries.ts';

// Things an editor creates by hand: a message (/messages/add), a quote, a personal theme.

/** A message may be dated a little ahead (clock skew), not in the future. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export async function createMessage(db: Db, userId: number, body: CreateMessageBody) {
  return db.transaction(async (tx) => {
    const lom = await findLom(tx, body.lom_id);
    if (!lom) throw badRequest('ЛОМ не найден', 'lom_id');
    let sourceId: number | null = null;
    if (body.lom_source_id != null) {
      const account = await findLomSource(tx, body.lom_source_id);
      if (!account || account.lomId !== body.lom_id) {
        throw badRequest('Источник не найден у этого ЛОМ', 'lom_source_id');
      }
      sourceId = account.sourceId;
    }
    const wroteAt = new Date(body.wrote_at);
    if (wroteAt.getTime() > Date.now() + FUTURE_TOLERANCE_MS) {
      throw badRequest('Дата публикации не может быть в будущем', 'wrote_at');
    }
    const c = await resolveClassification(
      tx,
      { theme: body.theme_id, info_reason: body.info_reason_id },
      { theme: 'theme_id', info_reason: 'info_reason_id' },
    );
    const createdId = await q.insertMessage(tx, {
      lomId: lom.id,
      lomSourceId: body.lom_source_id ?? null,
      sourceId,
      lomName: lom.name,
      regionId: lom.regionId,
      cityId: lom.cityId,
      text: body.text,
      wroteAt,
      url: body.url ?? null,
      messageType: body.message_type,
      mood: body.mood ?? null,
      themeId: c.themeId ?? null,
      infoReasonId: c.infoReasonId ?? null,
      state: 1,
      isManual: true,
    });
    const row = await lockMessage(tx, createdId);
    if (!row) throw new Error('created message vanished');
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.message,
      action: 'message.create',
      messageId: row.id,
      lomId: lom.id,
      themeId: row.theme_id,
      infoReasonId: row.info_reason_id,
      newValue: { ...body },
    });
    await refreshMessageAggregates(tx, [row.id]);
    // The alert engine matches it after the commit (docs/alerts.md "Engine").
    await queueForAlerts(tx, [row.id]);
    return presentEdit(row);
  });
}

export interface ManualQuoteBody {
  text: string;
  lom_id?: number;
  message_id?: number;
  wrote_at?: string;
  speech_timestamp?: number | null;
  mood?: number | null;
  theme_id?: number | null;
  info_reason_id?: number | null;
}

/**
 * A quote entered by hand (is_manual). With message_id it belongs to that message and
 * takes its speaker (else author), date and classification unless given.
 */
export async function createManualQuote(db: Db, userId: number, body: ManualQuoteBody) {
  return db.transaction(async (tx) => {
    const message = body.message_id === undefined ? undefined : await lockMessage(tx, body.message_id);
    if (body.message_id !== undefined && !message) throw badRequest('Сообщение не найдено', 'message_id');
    if (body.lom_id !== undefined && !(await findLom(tx, body.lom_id)))
      throw badRequest('ЛОМ не найден', 'lom_id');
    const lomId = body.lom_id ?? message?.speaker_id ?? message?.lomId ?? null;
    if (lomId === null) throw badRequest('У сообщения нет ЛОМ, укажите его', 'lom_id');
    const c = await resolveClassification(
      tx,
      { theme: body.theme_id, info_reason: body.info_reason_id },
      { theme: 'theme_id', info_reason: 'info_reason_id' },
    );
    const row = await qq.insertQuote(tx, {
      messageId: message?.id ?? null,
      lomId,
      text: body.text.trim(),
      speechTimestamp: body.speech_timestamp ?? message?.speech_timestamp ?? null,
      mood: body.mood !== undefined ? body.mood : (message?.mood ?? null),
      themeId: c.themeId !== undefined ? c.themeId : (message?.theme_id ?? null),
      infoReasonId: c.infoReasonId !== undefined ? c.infoReasonId : (message?.info_reason_id ?? null),
      wroteAt: body.wrote_at ? new Date(body.wrote_at) : (message?.wroteAt ?? new Date()),
      isManual: true,
    });
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.quote,
      action: 'quote.create_manual',
      messageId: row.messageId,
      lomId,
      themeId: row.themeId,
      infoReasonId: row.infoReasonId,
      newValue: quoteValues(row),
    });
    await refreshLomMetrics(tx, [lomId]);
    return presentQuote(row);
  });
}

export async function savePersonalTheme(
  db: Db,
  userId: number,
  body: { name?: string; type: number; filters?: MessageFilterObject; filter?: MessageFilterObject },
) {
  return db.transaction(async (tx) => {
    const row = await q.insertPersonalTheme(tx, {
      userId,
      name: body.name?.trim() || THEME_NAME_DEFAULT,
      type: body.type,
      filters: body.filters ?? body.filter ?? {},
    });
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.theme,
      action: 'personal_theme.create',
      newValue: { id: row.id, name: row.name, type: row.type, filters: row.filters },
    });
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      filters: row.filters as MessageFilterObject,
      created_at: row.createdAt.toISOString(),
    };
  });
}
