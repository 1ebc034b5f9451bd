import type { NavEntry } from '@monitoring/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCan } from '../api/useCan.ts';
import { entryHref, isEntryActive } from './nav-model.ts';

interface NavEntryLinkProps {
  entry: NavEntry;
  className?: string;
}

/**
 * A navigation link whose query (periods ending today) is recomputed when
 * the pointer or keyboard focus reaches it, so a tab left open overnight
 * still links to fresh periods (product.md §2).
 */
export function NavEntryLink({ entry, className }: NavEntryLinkProps) {
  const can = useCan();
  const { pathname } = useLocation();
  const [href, setHref] = useState(() => entryHref(entry, { now: new Date(), can }));
  const refresh = () => setHref(entryHref(entry, { now: new Date(), can }));
  useEffect(() => setHref(entryHref(entry, { now: new Date(), can })), [entry, can]);
  const active = isEntryActive(entry, pathname);
  return (
    <Link
      to={href}
      className={className}
      data-nav-key={entry.key}
      aria-current={active ? 'page' : undefined}
      onMouseEnter={refresh}
      onFocus={refresh}
      onPointerDown={refresh}
    >
      {entry.title}
    </Link>
  );
}
