import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function SocialPanelPage() {
  return <PlaceholderPage title={PAGE_TITLES['social-panel']} />;
}
