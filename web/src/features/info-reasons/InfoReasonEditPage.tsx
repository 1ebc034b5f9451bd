import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export function InfoReasonEditPage() {
  return <PlaceholderPage title={PAGE_TITLES['info-reason-id-edit']} />;
}
