import './shared/admin-dirs.css';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AdminRubrics } from './rubrics/AdminRubrics.tsx';

export function AdminRubricsPage() {
  usePageTitle(PAGE_TITLES['admin-panel-rubrics']);
  return (
    <section className="page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['admin-panel-rubrics']}</PageHeading>
      </div>
      <AdminRubrics />
    </section>
  );
}
