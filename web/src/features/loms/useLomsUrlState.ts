import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type LomsUrlState, lomsUrlParams, parseLomsUrl } from './loms-url.ts';

export type LomsUrlPatch = Partial<LomsUrlState>;

/**
 * The /loms state lives in the URL. Any change but a page turn goes back to page 1;
 * typing in the search replaces the history entry instead of adding one.
 */
export function useLomsUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseLomsUrl(params), [params]);
  const patch = useCallback(
    (change: LomsUrlPatch, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const before = parseLomsUrl(current);
          const next: LomsUrlState = { ...before, ...change, page: change.page ?? 1 };
          return lomsUrlParams(next);
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  return { state, patch };
}
