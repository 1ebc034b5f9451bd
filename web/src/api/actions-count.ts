import { ACTIONS_COUNT_PATHS, actionsCountEvent } from '@monitoring/contracts';
import { useEffect, useState } from 'react';

/** After the browser gave up (the server answered 401/403/5xx instead of a stream), try again this much later. */
export const ACTIONS_COUNT_RETRY_MS = 15_000;

/**
 * Today's editor actions, live (GET actions-count/, Server-Sent Events). The stream authenticates with the HttpOnly
 * cookie login sets; the browser sends it itself (withCredentials). Null while there is no connection: the panel
 * shows «—» rather than a stale number. EventSource reconnects by itself after a network loss; when it gives up
 * (a refused answer) a new one is opened after ACTIONS_COUNT_RETRY_MS. Closed when the panel unmounts.
 */
export function useActionsCount(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource(ACTIONS_COUNT_PATHS.stream, { withCredentials: true });
      source.onmessage = (message) => {
        try {
          const parsed = actionsCountEvent.safeParse(JSON.parse(String(message.data)));
          if (parsed.success) setCount(parsed.data.count);
        } catch {
          // Not JSON: ignore the event, keep the last count.
        }
      };
      source.onerror = () => {
        setCount(null);
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(open, ACTIONS_COUNT_RETRY_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setCount(null);
    };
  }, [enabled]);
  return count;
}
