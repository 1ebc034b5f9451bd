import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigation, useSearchParams } from 'react-router';

export interface UrlState<S> {
  state: S;
  /**
   * Lands a change on the state and writes the URL; `replace` keeps typing out of the history.
   * A function gets the latest state asked for (a change nested in one field).
   */
  patch: (change: Partial<S> | ((latest: S) => Partial<S>), options?: { replace?: boolean }) => void;
}

type Merge<S> = (state: S, change: Partial<S>) => S;

/** A list's change: any change but a page turn goes back to page 1. */
export function firstPageUnlessTurned<S extends { page: number }>(state: S, change: Partial<S>): S {
  return { ...state, ...change, page: change.page ?? 1 };
}

/** A change that only sets fields: pages that keep their page inside a field, or several pages. */
export function replaceFields<S>(state: S, change: Partial<S>): S {
  return { ...state, ...change };
}

/**
 * A page whose state lives in the URL (the single source of truth for filters, sort and page):
 * `parse` reads it (leniently: a bad value falls back to its default), `write` gives the query
 * of a state, leaving defaults out, so each page keeps its own URL format. `merge` lands a
 * change; lists default to `firstPageUnlessTurned`.
 *
 * A URL change reaches the page only after the route loaders have run and the router's
 * transition has rendered, so a second change made meanwhile (a click right after the search
 * box reported) must not start from the state on screen: it would write the older URL back
 * and undo the first. Each change therefore starts from the latest state asked for until the
 * navigation to it has finished.
 */
export function useUrlState<S extends { page: number }>(
  parse: (params: URLSearchParams) => S,
  write: (state: S) => URLSearchParams | string,
): UrlState<S>;
export function useUrlState<S>(
  parse: (params: URLSearchParams) => S,
  write: (state: S) => URLSearchParams | string,
  merge: Merge<S>,
): UrlState<S>;
export function useUrlState<S>(
  parse: (params: URLSearchParams) => S,
  write: (state: S) => URLSearchParams | string,
  merge: Merge<S> = firstPageUnlessTurned as unknown as Merge<S>,
): UrlState<S> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text is the identity of the state (parse is fixed per page).
  const state = useMemo(() => parse(params), [key]);
  const navigation = useNavigation();
  const pending = useRef<S | null>(null);

  // Once the router is idle again the URL on screen is the latest one (or one the user went
  // to with Back): changes start from it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL or the end of a navigation is the trigger.
  useEffect(() => {
    if (navigation.state === 'idle') pending.current = null;
  }, [key, navigation.state]);

  const patch = useCallback(
    (change: Partial<S> | ((latest: S) => Partial<S>), options?: { replace?: boolean }) => {
      const latest = pending.current ?? state;
      const next = merge(latest, typeof change === 'function' ? change(latest) : change);
      pending.current = next;
      setParams(write(next), { replace: options?.replace ?? false });
    },
    [state, merge, write, setParams],
  );
  return { state, patch };
}
