import './shared/admin-dirs.css';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AdminThemes } from './themes/AdminThemes.tsx';

export function AdminThemesPage() {
  usePageTitle(PAGE_TITLES['admin-panel-themes']);
  return (
    <section className="page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['admin-panel-themes']}</PageHeading>
      </div>
      <AdminThemes />
    </section>
  );
}
