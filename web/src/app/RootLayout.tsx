import { Outlet, ScrollRestoration } from 'react-router';
import { EnvironmentBanner } from './EnvironmentBanner.tsx';
import { NavigationProgress } from './NavigationProgress.tsx';
import { OfflineAlert } from './OfflineAlert.tsx';

/** What every screen has: the progress bar, the environment strip and the offline alert. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <EnvironmentBanner />
      <OfflineAlert />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
