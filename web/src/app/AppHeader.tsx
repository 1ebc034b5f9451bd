import { Logo } from '../ui/Logo.tsx';
import { EditorActionsPanel } from './EditorActionsPanel.tsx';
import { NavBar } from './NavBar.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { UserMenu } from './UserMenu.tsx';

export function AppHeader() {
  return (
    <header className="app-header">
      <div className="app-header__top">
        <Logo />
        <div className="app-header__aside">
          <EditorActionsPanel />
          <NotificationBell />
          <UserMenu />
        </div>
      </div>
      <NavBar />
    </header>
  );
}
