import {
  type ConversationDetail,
  type ConversationListQuery,
  type ConversationListResponse,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { addDays, moscowMidnight } from '../../domain/moscow-calendar.ts';
import { notFound } from '../../http/errors.ts';
import { offsetOf } from '../../http/pagination.ts';
import { presentDetail, presentListItem } from './presenter.ts';
import {
  type ConversationFilter,
  conversationById,
  conversationPage,
  conversationResults,
  conversationThemes,
  countConversations,
} from './queries.ts';

function filterOf(query: ConversationListQuery): ConversationFilter {
  return {
    from: query.period_after ? moscowMidnight(query.period_after) : undefined,
    to: query.period_before ? moscowMidnight(addDays(query.period_before, 1)) : undefined,
    search: query.search,
    channelIds: query.channel_in,
    sourceIds: query.source_in,
  };
}

export async function listConversations(
  db: Db,
  query: ConversationListQuery,
): Promise<ConversationListResponse> {
  const filter = filterOf(query);
  const { page, page_size: size } = query;
  const [total, rows] = await Promise.all([
    countConversations(db, filter),
    conversationPage(db, filter, query.ordering, size, offsetOf(page, size)),
  ]);
  return { results: rows.map(presentListItem), ...pageInfo(page, size, total) };
}

export async function conversationDetail(db: Db, id: number): Promise<ConversationDetail> {
  const row = await conversationById(db, id);
  if (!row) throw notFound('Эфир не найден');
  const [results, themes] = await Promise.all([conversationResults(db, id), conversationThemes(db, id)]);
  return presentDetail(row, results, themes);
}
