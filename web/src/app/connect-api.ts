import { ROUTES } from '@monitoring/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { configureApiErrorHandlers } from '../api/error-reporting.ts';
import { loginHref } from '../lib/landing.ts';
import { notify } from './notifier.ts';
import type { AppRouter } from './router.tsx';

/** Gives the API client the app's notifications, current route and the way to login. */
export function connectApiToApp(router: AppRouter, queryClient: QueryClient): () => void {
  return configureApiErrorHandlers({
    notify: ({ title, description }) => notify({ title, description, type: 'error' }),
    currentRouteName: () => router.state.matches.at(-1)?.route.id ?? null,
    unauthorized: () => {
      const { initialized, navigation, location } = router.state;
      // While loaders run, the guard redirects by itself.
      if (!initialized || navigation.state !== 'idle' || location.pathname === ROUTES.login) return;
      void router.navigate(loginHref(location), { replace: true }).then(() => queryClient.clear());
    },
  });
}
