import { useCurrentUser } from '../api/auth.ts';
import { NotFoundPage } from '../ui/NotFoundPage.tsx';
import { DefaultLayout } from './DefaultLayout.tsx';

/** Unknown URLs: the 404 page, inside the layout when someone is logged in. */
export function NotFoundRoute() {
  const { data: user } = useCurrentUser();
  if (!user) return <NotFoundPage />;
  return (
    <DefaultLayout>
      <NotFoundPage />
    </DefaultLayout>
  );
}
