import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function AboutHowItWorksPage() {
  return <PlaceholderPage title={PAGE_TITLES['about-how-it-works']} />;
}
