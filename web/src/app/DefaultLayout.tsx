import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader.tsx';

interface DefaultLayoutProps {
  /** Defaults to the matched child route. */
  children?: ReactNode;
}

/** The layout of every signed-in page: header with navigation, then the page. */
export function DefaultLayout({ children }: DefaultLayoutProps) {
  return (
    <div className="app-layout">
      <AppHeader />
      <main className="app-main">{children ?? <Outlet />}</main>
    </div>
  );
}
