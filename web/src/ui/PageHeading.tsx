import './ui.css';
import type { ReactNode } from 'react';

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="page__title">{children}</h1>;
}
