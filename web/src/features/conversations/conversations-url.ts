import {
  CONVERSATION_ORDERINGS,
  type ConversationOrdering,
  DEFAULT_CONVERSATION_ORDERING,
  isCalendarDayText,
  parseCommaNumbers,
} from '@monitoring/contracts';

/** /conversations in the URL: filters, ordering, page and the conversation open in the drawer. */
export interface ConversationsUrlState {
  after?: string;
  before?: string;
  search?: string;
  sources: number[];
  channels: number[];
  ordering: ConversationOrdering;
  page: number;
  /** The conversation shown in the drawer. */
  conversation: number | null;
}

export const ORDERING_LABELS: Record<ConversationOrdering, string> = {
  '-wrote_at': 'Сначала новые',
  wrote_at: 'Сначала старые',
  '-si': 'По Si',
  '-number_views': 'По просмотрам',
};

const day = (text: string | null) => {
  const value = text?.slice(0, 10);
  return value && isCalendarDayText(value) ? value : undefined;
};

const positive = (text: string | null) => {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

export function parseConversationsUrl(params: URLSearchParams): ConversationsUrlState {
  const ordering = params.get('ordering');
  return {
    after: day(params.get('wrote_at_after')),
    before: day(params.get('wrote_at_before')),
    search: params.get('search')?.trim() || undefined,
    sources: parseCommaNumbers(params.get('source_in')),
    channels: parseCommaNumbers(params.get('channel_in')),
    ordering: (CONVERSATION_ORDERINGS as readonly string[]).includes(ordering ?? '')
      ? (ordering as ConversationOrdering)
      : DEFAULT_CONVERSATION_ORDERING,
    page: positive(params.get('page')) ?? 1,
    conversation: positive(params.get('conversation')),
  };
}

export function conversationsUrlParams(state: ConversationsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.after) params.set('wrote_at_after', state.after);
  if (state.before) params.set('wrote_at_before', state.before);
  if (state.search) params.set('search', state.search);
  if (state.sources.length) params.set('source_in', state.sources.join(','));
  if (state.channels.length) params.set('channel_in', state.channels.join(','));
  if (state.ordering !== DEFAULT_CONVERSATION_ORDERING) params.set('ordering', state.ordering);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.conversation) params.set('conversation', String(state.conversation));
  return params;
}

/** A filter change goes back to page 1; opening or closing a conversation, or turning the page, does not. */
export function mergeConversations(
  state: ConversationsUrlState,
  change: Partial<ConversationsUrlState>,
): ConversationsUrlState {
  const keepsPage = Object.keys(change).every((key) => key === 'conversation' || key === 'page');
  return { ...state, ...change, page: keepsPage ? (change.page ?? state.page) : 1 };
}
