import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

/** product.md §2: the bar shows after 200 ms and is gone after 5000 ms at the latest. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_MAX_MS = 5000;

NProgress.configure({ showSpinner: false, trickleSpeed: 200, minimum: 0.1 });

/** The page-loading bar on navigation. */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    let cap: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(() => {
      NProgress.start();
      cap = setTimeout(() => NProgress.done(), PROGRESS_MAX_MS);
    }, PROGRESS_THROTTLE_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(cap);
      NProgress.done();
    };
  }, [busy]);
  return null;
}
