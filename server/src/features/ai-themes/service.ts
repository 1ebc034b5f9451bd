import {
  ACTION_TYPE,
  type AiMarkupConfirmResult,
  type AiProposalList,
  type AiProposalsQuery,
  type AiProposeBody,
  type AiProposeResult,
  hasPermission,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { proposeThemes, WINDOW_DAYS, WINDOW_LIMIT } from '../../domain/ai-themes/propose.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { envelope, offsetOf } from '../../http/pagination.ts';
import * as q from './queries.ts';

/** The AI themes calls (docs/ai-themes.md). */

/** POST themes/ai-propose/: one clustering run now, in one transaction; logged with its summary. */
export async function proposeNow(db: Db, body: AiProposeBody, user: AuthUser): Promise<AiProposeResult> {
  const window = { days: body?.days ?? WINDOW_DAYS, limit: body?.limit ?? WINDOW_LIMIT };
  return db.transaction(async (tx) => {
    const result = await proposeThemes(tx, user.id, window);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action: 'theme.ai_propose',
      newValue: {
        window,
        scanned: result.scanned,
        suggested: result.suggested,
        themes: result.proposals.map((p) => p.theme_id),
      },
    });
    return result;
  });
}

/** GET themes/ai-proposals/. */
export async function proposalList(db: Db, query: AiProposalsQuery, user: AuthUser): Promise<AiProposalList> {
  if (!hasPermission(user, 'THEMES')) throw forbidden('Темы ИИ видит только пользователь с правом THEMES');
  const rows = await q.proposalPage(db, query.page_size, offsetOf(query.page, query.page_size));
  return envelope(rows, query.page, query.page_size, ({ total: _total, ...row }) => row);
}

/**
 * POST message_markups/{id}/confirm/: an editor confirms an AI markup. A message without a theme
 * takes it as its primary classification (the markup goes); otherwise the markup stays, confirmed.
 */
export async function confirmAiMarkup(db: Db, id: number, user: AuthUser): Promise<AiMarkupConfirmResult> {
  return db.transaction(async (tx) => {
    const markup = await q.lockMarkup(tx, id);
    if (!markup) throw notFound('Разметка не найдена');
    if (!markup.ai) throw badRequest('Некорректное значение поля «id»: разметка уже подтверждена', 'id');
    if (!markup.theme_approved) {
      throw badRequest(
        'Некорректное значение поля «id»: тема ИИ ещё не утверждена — утвердите её на странице «Темы ИИ»',
        'id',
      );
    }
    const primary = markup.theme_id !== null && (await q.takeAsPrimary(tx, markup));
    if (primary) await q.deleteMarkup(tx, id);
    else await q.confirmMarkup(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.message,
      action: 'markup.confirm_ai',
      messageId: markup.message_id,
      themeId: markup.theme_id,
      infoReasonId: markup.info_reason_id,
      oldValue: { id, ai: true },
      newValue: { id, ai: false, outcome: primary ? 'primary' : 'markup' },
    });
    return {
      markup: id,
      message: markup.message_id,
      theme: markup.theme_id,
      outcome: primary ? 'primary' : 'markup',
    };
  });
}
