import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function AboutOtherPage() {
  return <PlaceholderPage title={PAGE_TITLES['about-other']} />;
}
