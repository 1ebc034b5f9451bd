import { type AppProps, theme } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { type FeedbackApi, FeedbackContext } from '../ui/feedback.ts';
import type { FeedbackHoldersProps } from './FeedbackHolders.tsx';
import { CSS_VAR_KEY } from './theme.ts';

type Kind = keyof FeedbackApi;
type Call = (api: FeedbackApi) => void;
type AnyMethod = (...args: unknown[]) => unknown;

const METHODS: Record<Kind, readonly string[]> = {
  message: ['open', 'info', 'success', 'error', 'warning', 'loading', 'destroy'],
  notification: ['open', 'info', 'success', 'error', 'warning', 'destroy'],
  modal: ['confirm', 'info', 'success', 'error', 'warning'],
};

// A chunk that fails to load shows nothing rather than take the app down (no boundary is above
// this); the failed chunk's reload (main.tsx, vite:preloadError) usually follows.
const FeedbackHolders = lazy<ComponentType<FeedbackHoldersProps>>(() =>
  import('./FeedbackHolders.tsx').catch((error: unknown) => {
    console.error(error);
    return { default: () => null };
  }),
);

/**
 * A stand-in for what a method returns when the real one has not run yet: a message's close
 * function (also a promise of its end), a modal's `{ destroy, update }` (also a promise of the
 * answer). Closing or updating it before the holders load applies to the real one once shown.
 */
function pendingHandle(kind: Kind, run: (call: Call) => void, method: string, args: unknown[]) {
  let real: unknown = null;
  let cancelled = false;
  const updates: unknown[] = [];
  let settle: (value: unknown) => void = () => {};
  const settled = new Promise((resolve) => {
    settle = resolve;
  });
  run((api) => {
    if (cancelled) {
      // A message closed before it showed has ended; a modal closed unanswered is a «no».
      settle(kind !== 'modal');
      return;
    }
    real = (api[kind] as unknown as Record<string, AnyMethod>)[method](...args);
    // A notification returns nothing; a message its close function; a modal its instance.
    const instance = (real ?? {}) as {
      update?: (config: unknown) => void;
      then?: PromiseLike<unknown>['then'];
    };
    for (const config of updates) instance.update?.(config);
    if (typeof instance.then === 'function') instance.then(settle, settle);
    else settle(undefined);
  });
  const then: PromiseLike<unknown>['then'] = (onFulfilled, onRejected) =>
    settled.then(onFulfilled, onRejected);
  if (kind === 'message') {
    const close = () => {
      cancelled = true;
      if (typeof real === 'function') real();
    };
    return Object.assign(close, { then });
  }
  return {
    destroy: () => {
      cancelled = true;
      (real as { destroy?: () => void } | null)?.destroy?.();
    },
    update: (config: unknown) => {
      if (real) (real as { update: (config: unknown) => void }).update(config);
      else updates.push(config);
    },
    then,
  };
}

/** The API features get before the holders load: each call waits for them, in order. */
function createDeferredApi(run: (call: Call) => void): FeedbackApi {
  const api = {} as Record<Kind, Record<string, AnyMethod>>;
  for (const kind of Object.keys(METHODS) as Kind[]) {
    api[kind] = {};
    for (const method of METHODS[kind]) {
      api[kind][method] = (...args) => {
        if (method === 'destroy') {
          run((real) => (real[kind] as unknown as Record<string, AnyMethod>)[method](...args));
          return undefined;
        }
        return pendingHandle(kind, run, method, args);
      };
    }
  }
  return api as unknown as FeedbackApi;
}

interface AppFeedbackProps {
  notification: AppProps['notification'];
  children: ReactNode;
}

/**
 * What antd's `App` did for the app, without its message, notification and modal code in the
 * first screen (docs/first-screen.md): the root's text and link style and `useFeedback()`. antd's `App`
 * (FeedbackHolders) loads when the browser is idle after the first render, or at the first
 * call; calls made before it is there are queued and replayed in order.
 */
export function AppFeedback({ notification, children }: AppFeedbackProps) {
  const [state] = useState(() => {
    let real: FeedbackApi | null = null;
    const queue: Call[] = [];
    let request: () => void = () => {};
    const run = (call: Call) => {
      if (real) {
        call(real);
        return;
      }
      queue.push(call);
      request();
    };
    const deferred = createDeferredApi(run);
    return {
      deferred,
      setRequest: (next: () => void) => {
        request = next;
        if (queue.length > 0) next();
      },
      ready: (api: FeedbackApi) => {
        real = api;
        for (const call of queue.splice(0)) call(api);
      },
    };
  });
  const { hashId } = theme.useToken();
  const [load, setLoad] = useState(false);
  const [api, setApi] = useState<FeedbackApi>(state.deferred);

  useEffect(() => {
    const start = () => setLoad(true);
    state.setRequest(start);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 200);
    return () => window.clearTimeout(id);
  }, [state]);

  const onReady = useCallback(
    (real: FeedbackApi) => {
      state.ready(real);
      setApi(real);
    },
    [state],
  );

  return (
    <FeedbackContext.Provider value={api}>
      {/* As antd's App: its hash and variables classes scope antd's link style to the whole app. */}
      <div className={['app-root', hashId, CSS_VAR_KEY].filter(Boolean).join(' ')}>
        {load ? (
          <Suspense fallback={null}>
            <FeedbackHolders notification={notification} onReady={onReady} />
          </Suspense>
        ) : null}
        {children}
      </div>
    </FeedbackContext.Provider>
  );
}
