import './card.css';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ItemGate, type ItemGateTexts } from './ItemGate.tsx';
import { PageHeading } from './PageHeading.tsx';

interface EditPageShellProps<T> {
  /** The id of the URL; null: a new item, nothing to load. */
  id: number | null;
  /** A check beyond the page permission the router has already passed (a theme: create or edit); true by default. */
  allowed?: boolean;
  /** The 403 title: «Недостаточно прав для редактирования темы». */
  forbidden?: string;
  query: { data: T | undefined; isError: boolean; isPending: boolean; error: unknown };
  texts: ItemGateTexts;
  rows: number;
  heading: (item: T | null) => string;
  /** The form; give it the `edit-form` class. */
  children: (item: T | null) => ReactNode;
}

/** The edit page of an item (or of a new one): 403, 404 or loading as the card has them, then heading and form. */
export function EditPageShell<T>({
  id,
  allowed = true,
  forbidden,
  query,
  texts,
  rows,
  heading,
  children,
}: EditPageShellProps<T>) {
  if (!allowed) {
    return <Result status="403" title={forbidden} extra={<Link to={texts.backTo}>{texts.back}</Link>} />;
  }
  const page = (item: T | null) => (
    <section className="page">
      <PageHeading>{heading(item)}</PageHeading>
      {children(item)}
    </section>
  );
  if (id === null) return page(null);
  return (
    <ItemGate validId={Number.isInteger(id) && id > 0} query={query} texts={texts} rows={rows}>
      {page}
    </ItemGate>
  );
}
