import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * React.lazy whose import starts now, when the importing module is evaluated, not at the first
 * render: a part that is on the first screen but not needed for its first paint (docs/first-screen.md)
 * is fetched in parallel with the page's own code running and its data being asked for. An early
 * fetch that fails is asked again at render (where a second failure reaches the error boundary).
 */
export function lazyStartedNow<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  const early = load();
  early.catch(() => undefined);
  return lazy(() => early.catch(load).then((component) => ({ default: component })));
}
