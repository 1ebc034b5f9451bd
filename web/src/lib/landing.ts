import {
  type CurrentUser,
  isSafeLocalPath,
  lomSelectionLanding,
  ROLES,
  ROUTES,
  withQuery,
} from '@monitoring/contracts';

/** Where a user starts: '/' for every role but lom selection (product.md §2, §6). */
export function landingHref(user: Pick<CurrentUser, 'role'>, now: Date = new Date()): string {
  if (user.role === ROLES.lomSelection) {
    const { path, query } = lomSelectionLanding(now);
    return withQuery(path, query);
  }
  return ROUTES.index;
}

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/** The login page, remembering where the user was going. */
export function loginHref(location: LocationLike): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  if (next === ROUTES.index || !isSafeLocalPath(next) || location.pathname === ROUTES.login) {
    return ROUTES.login;
  }
  return withQuery(ROUTES.login, { next });
}

/** The `next` parameter when it is a safe local path (never back to login itself). */
export function safeNext(search: URLSearchParams): string | null {
  const next = search.get('next');
  if (!isSafeLocalPath(next)) return null;
  const pathname = next.split(/[?#]/, 1)[0];
  return pathname === ROUTES.login ? null : next;
}
