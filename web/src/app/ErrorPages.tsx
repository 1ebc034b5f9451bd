import {
  ERROR_PAGE_BACK_LINK,
  ERROR_PAGE_TITLE,
  errorStatusLine,
  NOT_FOUND_TEXT,
} from '@monitoring/contracts';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { NOT_FOUND_TITLE } from '../lib/page-titles.ts';
import { FullPageSpin } from '../ui/FullPageSpin.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';

/**
 * The error and 404 pages of the route error boundary, loaded when one is shown: antd's `Result`
 * and its illustrations are ~9 KB brotli that no page needs before it renders
 * (docs/first-screen.md). `preloadErrorPages` fetches them once the first screen is up, so an
 * error later (the network gone included) finds them loaded; if the import fails all the same,
 * the same texts are shown without the illustration.
 */
const loadErrorPage = () => import('../ui/ErrorPage.tsx');
const loadNotFoundPage = () => import('../ui/NotFoundPage.tsx');

function PlainPage({ title, status, pageTitle }: { title: string; status: string; pageTitle: string }) {
  usePageTitle(pageTitle);
  return (
    <div className="error-page error-page--plain">
      <h1 className="error-page__title">{title}</h1>
      <p className="error-page__status" data-testid="error-status">
        {status}
      </p>
      <Link to="/">{ERROR_PAGE_BACK_LINK}</Link>
    </div>
  );
}

function orPlain<P>(load: Promise<ComponentType<P>>, plain: ComponentType<P>) {
  return load.then(
    (component) => ({ default: component }),
    () => ({ default: plain }),
  );
}

const LazyErrorPage = lazy(() =>
  orPlain(
    loadErrorPage().then((module) => module.ErrorPage),
    ({ status }: { status: number }) => (
      <PlainPage title={ERROR_PAGE_TITLE} status={errorStatusLine(status)} pageTitle={ERROR_PAGE_TITLE} />
    ),
  ),
);

const LazyNotFoundPage = lazy(() =>
  orPlain(
    loadNotFoundPage().then((module) => module.NotFoundPage),
    () => <PlainPage title="404" status={NOT_FOUND_TEXT} pageTitle={NOT_FOUND_TITLE} />,
  ),
);

export function RouteErrorPage({ status }: { status: number }) {
  return (
    <Suspense fallback={<FullPageSpin />}>
      <LazyErrorPage status={status} />
    </Suspense>
  );
}

export function RouteNotFoundPage() {
  return (
    <Suspense fallback={<FullPageSpin />}>
      <LazyNotFoundPage />
    </Suspense>
  );
}

/** Fetches both pages when the browser is idle after the first screen; a failure is harmless. */
export function preloadErrorPages(): void {
  const run = () => {
    loadErrorPage().catch(() => undefined);
    loadNotFoundPage().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 1000);
}
