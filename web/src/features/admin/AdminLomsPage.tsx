import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function AdminLomsPage() {
  return <PlaceholderPage title={PAGE_TITLES['admin-panel-loms']} />;
}
