import type { CurrentUser } from '@monitoring/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { meQueryKey } from '../api/auth.ts';
import { setToken } from '../api/token.ts';
import { AppProviders } from '../app/AppProviders.tsx';
import { createQueryClient } from '../app/query-client.ts';

/** One component inside the providers and a router, with `user` already loaded. */
export function renderWithUser(
  ui: ReactNode,
  {
    user,
    path = '/',
    route = '*',
  }: {
    user?: CurrentUser;
    path?: string;
    /** The route pattern (`/theme/:id`), for a page that reads its params. */
    route?: string;
  } = {},
) {
  const queryClient = createQueryClient();
  if (user) {
    setToken('test-token');
    queryClient.setQueryData(meQueryKey, user);
  }
  queryClient.setQueryData(['environment'], { env: 'production' });
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
