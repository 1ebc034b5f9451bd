import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function AboutTonalityPage() {
  return <PlaceholderPage title={PAGE_TITLES['about-tonality']} />;
}
