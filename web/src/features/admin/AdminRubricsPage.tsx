import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function AdminRubricsPage() {
  return <PlaceholderPage title={PAGE_TITLES['admin-panel-rubrics']} />;
}
