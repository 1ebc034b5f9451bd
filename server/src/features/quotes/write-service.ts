import { ACTION_TYPE } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { refreshLomMetrics } from '../../domain/aggregates/rollup-queries.ts';
import { keepInfoReason } from '../../domain/editing/classification.ts';
import { presentQuote, quoteValues } from '../../domain/editing/quote-presenter.ts';
import * as qq from '../../domain/editing/quote-queries.ts';
import { notFound } from '../../http/errors.ts';

// Quote writes of api.md §7.10: delete a quote, clear its theme or info reason.

async function lockOrFail(db: Db, id: number) {
  const quote = await qq.lockQuote(db, id);
  if (!quote) throw notFound('Цитата не найдена');
  return quote;
}

export async function deleteQuote(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const quote = await lockOrFail(tx, id);
    await qq.deleteQuote(tx, id);
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.quote,
      action: 'quote.delete',
      messageId: quote.messageId,
      lomId: quote.lomId,
      themeId: quote.themeId,
      infoReasonId: quote.infoReasonId,
      oldValue: quoteValues(quote),
    });
    // The lom's quotes_count follows its quotes.
    if (quote.lomId !== null) await refreshLomMetrics(tx, [quote.lomId]);
    return { detail: 'Цитата удалена' };
  });
}

/**
 * Clears the quote's theme (with an info reason of that theme) or its info reason.
 * `expected` is the id the client saw; a quote that no longer carries it is left as is.
 */
export async function clearQuoteClassification(
  db: Db,
  userId: number,
  id: number,
  what: 'theme' | 'info_reason',
  expected?: number,
) {
  return db.transaction(async (tx) => {
    const quote = await lockOrFail(tx, id);
    const current = what === 'theme' ? quote.themeId : quote.infoReasonId;
    if (current === null || (expected !== undefined && expected !== current)) return presentQuote(quote);
    const set =
      what === 'theme'
        ? { themeId: null, infoReasonId: await keepInfoReason(tx, quote.infoReasonId, null) }
        : { infoReasonId: null };
    const row = await qq.updateQuote(tx, id, set);
    await logAction(tx, {
      userId,
      type: ACTION_TYPE.quote,
      action: what === 'theme' ? 'quote.theme_remove' : 'quote.info_reason_remove',
      messageId: row.messageId,
      lomId: row.lomId,
      themeId: quote.themeId,
      infoReasonId: quote.infoReasonId,
      oldValue: { theme_id: quote.themeId, info_reason_id: quote.infoReasonId },
      newValue: { theme_id: row.themeId, info_reason_id: row.infoReasonId },
    });
    return presentQuote(row);
  });
}
