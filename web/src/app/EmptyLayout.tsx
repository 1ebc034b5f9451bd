import { Outlet } from 'react-router';
import { Logo } from '../ui/Logo.tsx';

/** The layout of login-like pages: the logo and a centred card. */
export function EmptyLayout() {
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
