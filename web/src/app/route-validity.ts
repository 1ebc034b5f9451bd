import {
  ADMIN_NAV_ENTRIES,
  NAV_ENTRIES,
  type Permission,
  PROFILE_NAV_ENTRY,
  ROUTES,
  type RouteName,
} from '@monitoring/contracts';

const POSITIVE_ID = /^[1-9]\d{0,15}$/;

/**
 * The validity check of a page (product.md §2): every `:id` in the routes is
 * a numeric database id, so `/loms/abc` is a 404 rather than a failed call.
 */
export function hasValidParams(params: Readonly<Record<string, string | undefined>>): boolean {
  const { id } = params;
  return id === undefined || POSITIVE_ID.test(id);
}

const GUARDED_ENTRIES = [...NAV_ENTRIES, ...ADMIN_NAV_ENTRIES, PROFILE_NAV_ENTRY];

/** The permission a route's navigation entry asks for, if it has one. */
export function routePermission(name: RouteName): Permission | null {
  const path = ROUTES[name];
  return GUARDED_ENTRIES.find((entry) => entry.path === path)?.permission ?? null;
}
