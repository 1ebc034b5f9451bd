import { Empty } from 'antd';
import { PLACEHOLDER_TEXT } from '../lib/page-titles.ts';
import { PageHeading } from './PageHeading.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** A page whose content comes in a later version: its heading and an honest empty state. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="page">
      <PageHeading>{title}</PageHeading>
      <Empty description={PLACEHOLDER_TEXT} className="page__empty" />
    </section>
  );
}
