import { useEffect, useState } from 'react';

/** The sticky app header (navigation) of the default layout: `app/AppHeader.tsx`. */
const APP_HEADER_SELECTOR = '.app-header';

/**
 * The height of the app's sticky header, followed as it changes (the navigation wraps onto a second line below
 * about 1400 px). A table with a sticky header sticks it under the app header at this offset instead of behind it.
 * 0 where there is no app header (the login page, tests of a lone component).
 */
export function useAppHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>(APP_HEADER_SELECTOR);
    if (!header) return;
    const measure = () => setHeight(header.getBoundingClientRect().height);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}
