import { useEffect } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { safeNext } from '../lib/landing.ts';
import { Logo } from '../ui/Logo.tsx';
import { prefetchAfterLogin } from './prefetch.ts';

/** The layout of login-like pages: the logo and a centred card. */
export function EmptyLayout() {
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams);
  useEffect(() => prefetchAfterLogin(next), [next]);
  return (
    <div className="empty-layout">
      <div className="empty-layout__logo">
        <Logo />
      </div>
      <main className="empty-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
