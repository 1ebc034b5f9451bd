import { canOpenPage, PAGE_ACCESS, ROLES, type RouteName } from '@monitoring/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { loadCurrentUser, meQueryOptions } from '../api/auth.ts';
import { environmentQueryOptions } from '../api/environment.ts';
import { hasToken } from '../api/token.ts';
import { canFromScope } from '../api/useCan.ts';
import { landingHref, loginHref, safeNext } from '../lib/landing.ts';
import { RECORD_CHECKS } from './record-checks.ts';
import { isRecordId, recordIdOf } from './route-validity.ts';

export interface AppLoaders {
  /** Before anything shows: the environment, so title, logo and banner never flash. */
  environment(): Promise<null>;
  /** Before the default layout: a user must be logged in. */
  requireUser(args: LoaderFunctionArgs): Promise<null>;
  /** Before login-like pages: a logged-in user goes to `next` or their landing. */
  guestOnly(args: LoaderFunctionArgs): Promise<null>;
  /** Loads the user if there is one (the 404 page shows the layout then). */
  optionalUser(): Promise<null>;
  /**
   * Per page, before its code runs: the id's form (404), the page permission of
   * contracts PAGE_ACCESS (403, and the page makes no call), then the record of
   * the id (404).
   */
  page(name: RouteName): (args: LoaderFunctionArgs) => Promise<null>;
}

export function createLoaders(queryClient: QueryClient): AppLoaders {
  return {
    async environment() {
      // Without it the app still works, as production-looking.
      await queryClient.ensureQueryData(environmentQueryOptions).catch(() => null);
      return null;
    },

    async requireUser({ request }) {
      const url = new URL(request.url);
      if (!hasToken()) throw redirect(loginHref(url));
      try {
        await queryClient.ensureQueryData(meQueryOptions);
      } catch (error) {
        // A 401 has already cleared the token.
        if (isApiError(error) && error.status === 401) throw redirect(loginHref(url));
        throw error;
      }
      return null;
    },

    async guestOnly({ request }) {
      const user = await loadCurrentUser(queryClient);
      if (!user) return null;
      throw redirect(safeNext(new URL(request.url).searchParams) ?? landingHref(user));
    },

    async optionalUser() {
      await loadCurrentUser(queryClient);
      return null;
    },

    page(name) {
      const check = RECORD_CHECKS[name];
      return async ({ params, request }) => {
        const id = recordIdOf(name, params, new URL(request.url));
        if (id !== undefined && !isRecordId(id)) throw data(null, { status: 404 });
        if (PAGE_ACCESS[name] === 'public') return null;
        // The layout's loader runs alongside and redirects when there is no user.
        const user = await loadCurrentUser(queryClient);
        if (!user) return null;
        if (name === 'index' && user.role === ROLES.lomSelection) throw redirect(landingHref(user));
        if (!canOpenPage(name, canFromScope(user.scope))) throw data(null, { status: 403 });
        if (check && id !== undefined && !(await check(queryClient, Number(id)))) {
          throw data(null, { status: 404 });
        }
        return null;
      };
    },
  };
}
