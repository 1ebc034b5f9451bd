import { type LinkContext, type NavEntry, withQuery } from '@monitoring/contracts';
import type { Can } from '../api/useCan.ts';

/** The entries a user may see: those whose permission they pass. */
export function visibleEntries(entries: readonly NavEntry[], can: Can): NavEntry[] {
  return entries.filter((entry) => can(entry.permission));
}

/** The link of an entry at a moment, for a user (periods end "now"). */
export function entryHref(entry: NavEntry, context: LinkContext): string {
  return entry.query ? withQuery(entry.path, entry.query(context)) : entry.path;
}

/** Whether the page at `pathname` belongs to an entry ('/' only on itself). */
export function isEntryActive(entry: NavEntry, pathname: string): boolean {
  if (entry.path === '/') return pathname === '/';
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}
