import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page whose state lives in the URL: `parse` reads it, `write` gives its query.
 * Any change but a page turn goes back to page 1; `replace` keeps typing out of the history.
 */
export function useUrlState<S extends { page: number }>(
  parse: (params: URLSearchParams) => S,
  write: (state: S) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text is the identity of the state.
  const state = useMemo(() => parse(params), [key]);
  const patch = useCallback(
    (change: Partial<S>, options?: { replace?: boolean }) => {
      setParams((current) => write({ ...parse(current), ...change, page: change.page ?? 1 }), {
        replace: options?.replace ?? false,
      });
    },
    [setParams, parse, write],
  );
  return { state, patch };
}
