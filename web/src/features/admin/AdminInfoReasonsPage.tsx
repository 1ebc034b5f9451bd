import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function AdminInfoReasonsPage() {
  return <PlaceholderPage title={PAGE_TITLES['admin-panel-info-reasons']} />;
}
