import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseThemesUrl, type ThemesUrlState, themesUrlParams } from './themes-url.ts';

export type ThemesUrlPatch = Partial<ThemesUrlState>;

/**
 * The themes pages keep their state in the URL. Any change but a page turn goes back
 * to page 1; typing in the search replaces the history entry instead of adding one.
 */
export function useThemesUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseThemesUrl(params), [params]);
  const patch = useCallback(
    (change: ThemesUrlPatch, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const next: ThemesUrlState = { ...parseThemesUrl(current), ...change, page: change.page ?? 1 };
          return themesUrlParams(next);
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  return { state, patch };
}
