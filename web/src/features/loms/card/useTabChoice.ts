import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A switch of a card tab kept in the URL under the tab's own name (`relations_by=messages`),
 * so a reload or a shared link shows the same view. The fallback is the absence of the parameter.
 */
export function useTabChoice<T extends string>(
  param: string,
  choices: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const value = choices.find((choice) => choice === raw) ?? fallback;
  const setValue = useCallback(
    (next: T) =>
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
