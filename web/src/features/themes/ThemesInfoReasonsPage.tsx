import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function ThemesInfoReasonsPage() {
  return <PlaceholderPage title={PAGE_TITLES['themes-info-reasons']} />;
}
