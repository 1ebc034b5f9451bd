import {
  apiPath,
  CONVERSATION_PATHS,
  CONVERSATIONS_PAGE_SIZE,
  type ConversationOrdering,
  conversationDetail,
  conversationListResponse,
} from '@monitoring/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** The conversations page (docs/conversations.md): the list and one conversation's transcript. */
export interface ConversationListParams {
  after?: string;
  before?: string;
  search?: string;
  sources: number[];
  channels: number[];
  ordering: ConversationOrdering;
  page: number;
}

export const conversationKeys = {
  all: ['conversations'] as const,
  list: (params: ConversationListParams) => [...conversationKeys.all, 'list', params] as const,
  detail: (id: number) => [...conversationKeys.all, 'detail', id] as const,
};

export function useConversations(params: ConversationListParams) {
  return useQuery({
    queryKey: conversationKeys.list(params),
    queryFn: ({ signal }) =>
      apiFetch(CONVERSATION_PATHS.list, {
        signal,
        query: {
          period_after: params.after,
          period_before: params.before,
          search: params.search || undefined,
          source_in: params.sources.length ? params.sources.join(',') : undefined,
          channel_in: params.channels.length ? params.channels.join(',') : undefined,
          ordering: params.ordering,
          page: params.page,
          page_size: CONVERSATIONS_PAGE_SIZE,
        },
        schema: conversationListResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A 404 is the page's to show (the 404 page), not a notice. */
export function useConversation(id: number | null) {
  return useQuery({
    queryKey: conversationKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(CONVERSATION_PATHS.detail, { id: id ?? 0 }), {
        signal,
        schema: conversationDetail,
        handledStatuses: [404],
      }),
    enabled: id !== null,
    retry: false,
  });
}
