import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One parameter of a card tab kept in the URL under the tab's own name (`audience_source=12`), so a reload or a
 * shared link shows the same view; the other parameters stay. The fallback is the absence of the parameter, and
 * a change replaces the history entry.
 */
export function useTabParam(param: string, fallback: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(param) ?? fallback;
  const setValue = useCallback(
    (next: string) =>
      setParams(
        (previous) => {
          const out = new URLSearchParams(previous);
          if (next === fallback) out.delete(param);
          else out.set(param, next);
          return out;
        },
        { replace: true },
      ),
    [param, fallback, setParams],
  );
  return [value, setValue];
}

/** A switch of a card tab among `choices` (`relations_by=messages`); anything else in the URL reads as the fallback. */
export function useTabChoice<T extends string>(
  param: string,
  choices: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [raw, setValue] = useTabParam(param, fallback);
  return [choices.find((choice) => choice === raw) ?? fallback, setValue];
}
