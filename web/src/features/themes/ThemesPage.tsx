import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ThemeCreateButtons } from './ThemeCreateButtons.tsx';
import { ThemesListView } from './ThemesListView.tsx';

/** /themes: the themes table with its archive tab (product.md §2 "Themes"). */
export function ThemesPage() {
  usePageTitle(PAGE_TITLES.themes);
  return (
    <section className="page themes-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.themes}</PageHeading>
        <div className="page__actions">
          <ThemeCreateButtons />
        </div>
      </div>
      <ThemesListView />
    </section>
  );
}
