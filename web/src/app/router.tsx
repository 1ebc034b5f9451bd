import { GUEST_ROUTES, ROUTES, type RouteName } from '@monitoring/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin } from '../ui/FullPageSpin.tsx';
import { EmptyLayout } from './EmptyLayout.tsx';
import { createLoaders } from './loaders.ts';
import { PAGES } from './pages.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { ThrowError } from './ThrowError.tsx';

/**
 * The page of a route. A rejected `lazy` leaves React Router unable to render
 * the route at all (it keeps waiting for it), so a failed import becomes an
 * element that throws it: the route's error boundary then reloads the page or
 * shows the error page.
 */
async function lazyPage(name: RouteName): Promise<Pick<RouteObject, 'Component' | 'element'>> {
  try {
    return { Component: await PAGES[name]() };
  } catch (error) {
    return { element: <ThrowError error={error} /> };
  }
}

/**
 * The signed-in layout (header, navigation, menus) and the 404 route that shows it: their own
 * chunks, so the login page loads none of it (docs/first-screen.md). A failed import is handled
 * as a page's is.
 */
async function lazyLayout(): Promise<Pick<RouteObject, 'Component' | 'element'>> {
  try {
    return { Component: (await import('./DefaultLayout.tsx')).DefaultLayout };
  } catch (error) {
    return { element: <ThrowError error={error} /> };
  }
}

async function lazyNotFound(): Promise<Pick<RouteObject, 'Component' | 'element'>> {
  try {
    return { Component: (await import('./NotFoundRoute.tsx')).NotFoundRoute };
  } catch (error) {
    return { element: <ThrowError error={error} /> };
  }
}

/** Route ids are the contracts route names, so `useMatches` tells which page is on screen. */
function pageRoute(name: RouteName, loaders: ReturnType<typeof createLoaders>): RouteObject {
  return {
    id: name,
    path: ROUTES[name],
    loader: loaders.page(name),
    lazy: () => lazyPage(name),
    ErrorBoundary: RouteErrorBoundary,
  };
}

/** Every route of contracts ROUTES (product.md §2), lazy-loaded, under its layout. */
export function buildRoutes(queryClient: QueryClient): RouteObject[] {
  const loaders = createLoaders(queryClient);
  const names = Object.keys(ROUTES) as RouteName[];
  const guestNames = names.filter((name) => GUEST_ROUTES.includes(name));
  const appNames = names.filter((name) => !GUEST_ROUTES.includes(name));
  return [
    {
      id: 'root',
      loader: loaders.environment,
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: FullPageSpin,
      children: [
        {
          id: 'guest',
          Component: EmptyLayout,
          loader: loaders.guestOnly,
          ErrorBoundary: RouteErrorBoundary,
          children: guestNames.map((name) => pageRoute(name, loaders)),
        },
        {
          id: 'app',
          lazy: lazyLayout,
          loader: loaders.requireUser,
          ErrorBoundary: RouteErrorBoundary,
          children: appNames.map((name) => pageRoute(name, loaders)),
        },
        { id: 'not-found', path: '*', loader: loaders.optionalUser, lazy: lazyNotFound },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(buildRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
