import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page of a card tab's list, kept in the URL under the tab's own name
 * (`publications_page=3`), so a reload or a shared link opens the same page and
 * the tabs do not share one `page`. Page 1 is the absence of the parameter.
 */
export function useTabPage(param: string): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(param));
  const page = Number.isSafeInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams((previous) => {
        const out = new URLSearchParams(previous);
        if (next <= 1) out.delete(param);
        else out.set(param, String(next));
        return out;
      }),
    [param, setParams],
  );
  return [page, setPage];
}
