import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setToken } from '../api/token.ts';
import { AppProviders } from '../app/AppProviders.tsx';
import { connectApiToApp } from '../app/connect-api.ts';
import { createQueryClient } from '../app/query-client.ts';
import { buildRoutes } from '../app/router.tsx';

/** The whole app (real routes, loaders and layouts) at `path`, optionally logged in. */
export function renderApp(path: string, { token }: { token?: string } = {}) {
  if (token) setToken(token);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(buildRoutes(queryClient), { initialEntries: [path] });
  const disconnect = connectApiToApp(router, queryClient);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, disconnect };
}
