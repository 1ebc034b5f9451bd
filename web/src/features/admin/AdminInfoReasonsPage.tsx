import './shared/admin-dirs.css';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AdminInfoReasons } from './info-reasons/AdminInfoReasons.tsx';

export function AdminInfoReasonsPage() {
  usePageTitle(PAGE_TITLES['admin-panel-info-reasons']);
  return (
    <section className="page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['admin-panel-info-reasons']}</PageHeading>
      </div>
      <AdminInfoReasons />
    </section>
  );
}
