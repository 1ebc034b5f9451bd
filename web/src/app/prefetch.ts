import { ROUTES, type RouteName } from '@monitoring/contracts';
import { matchPath } from 'react-router';
import { PAGES } from './pages.ts';

/** The route a path opens, if any (the first pattern that matches, as the router would). */
export function routeOfPath(path: string): RouteName | null {
  const pathname = path.split(/[?#]/, 1)[0];
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    if (matchPath(ROUTES[name], pathname)) return name;
  }
  return null;
}

let started = false;

/**
 * While a visitor is on the login page, fetch what the first screen after it needs: the
 * signed-in layout and the page of `next` (home without one). The login page itself loads none
 * of it before it renders (docs/first-screen.md); after the click only the data is left to wait
 * for. A failed prefetch is harmless: the route loads the chunk again when it is opened.
 */
export function prefetchAfterLogin(next: string | null): void {
  if (started) return;
  started = true;
  const route = (next && routeOfPath(next)) || 'index';
  const run = () => {
    import('./DefaultLayout.tsx').catch(() => undefined);
    PAGES[route]().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1000 });
  else window.setTimeout(run, 200);
}
