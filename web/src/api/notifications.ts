import {
  NOTIFICATION_PATHS,
  type NotificationReadBody,
  notificationList,
  unreadCount,
} from '@monitoring/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from './client.ts';

/** After the browser gave up on the stream (a refused answer instead of events), try again this much later. */
export const NOTIFICATIONS_RETRY_MS = 15_000;
/** The bell's panel lists this many of the latest notifications. */
export const BELL_PAGE_SIZE = 10;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  latest: ['notifications', 'latest'] as const,
};

/**
 * The caller's unread in-app notifications, live (GET notifications/stream/, Server-Sent Events of `{unread}`),
 * kept in the query cache so that marking read (whose answer is the new count) updates the same number. The
 * stream authenticates with the HttpOnly cookie login sets (withCredentials). EventSource reconnects by itself
 * after a network loss and the server sends the count again on connecting; when the browser gives up (a refused
 * answer) a new stream is opened after NOTIFICATIONS_RETRY_MS. A count that grew refreshes the panel's list.
 * Undefined until the first count.
 */
export function useUnreadNotifications(enabled: boolean): number | undefined {
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () => queryClient.getQueryData<number>(notificationKeys.unread) ?? null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource(NOTIFICATION_PATHS.stream, { withCredentials: true });
      source.onmessage = (message) => {
        let data: unknown;
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return; // Not JSON: keep the last count.
        }
        const parsed = unreadCount.safeParse(data);
        if (!parsed.success) return;
        const previous = queryClient.getQueryData<number>(notificationKeys.unread);
        queryClient.setQueryData(notificationKeys.unread, parsed.data.unread);
        if (previous !== parsed.data.unread)
          void queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
      };
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(open, NOTIFICATIONS_RETRY_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, queryClient]);
  return count.data ?? undefined;
}

/** GET notifications/?page_size=10: the latest ones for the bell's panel, with the unread count. */
export function useLatestNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.latest,
    queryFn: async ({ signal }) => {
      const answer = await apiFetch(NOTIFICATION_PATHS.list, {
        signal,
        query: { page: 1, page_size: BELL_PAGE_SIZE },
        schema: notificationList,
      });
      queryClient.setQueryData(notificationKeys.unread, answer.unread);
      return answer;
    },
    enabled,
  });
}

/** POST notifications/read/ {ids} or {all: true}; the answer is the new unread count. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationReadBody) =>
      apiFetch(NOTIFICATION_PATHS.read, { method: 'POST', body, schema: unreadCount }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.unread, answer.unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.latest }),
  });
}
