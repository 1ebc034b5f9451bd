import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function NewDashboardPage() {
  return <PlaceholderPage title={PAGE_TITLES['new-dashboards-id']} />;
}
