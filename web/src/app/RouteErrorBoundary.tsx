import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { FullPageSpin } from '../ui/FullPageSpin.tsx';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';
import { RouteErrorPage, RouteNotFoundPage } from './ErrorPages.tsx';

/** The error catalogue's "Network error" code, for calls that got no answer. */
const NETWORK_ERROR_STATUS = 418;

/** The status an error is shown with on the error page (default 500, api.md §8). */
export function errorStatusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error)) return error.isNetworkError ? NETWORK_ERROR_STATUS : error.status;
  if (isChunkLoadError(error)) return NETWORK_ERROR_STATUS;
  return 500;
}

/**
 * A route failed: a page chunk that did not load reloads the page (once a
 * minute at most); a failed validity check is a 404; anything else is the
 * error page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  const [reloadRefused, setReloadRefused] = useState(false);

  useEffect(() => {
    if (chunkError && !reloadAfterChunkError()) setReloadRefused(true);
    if (!chunkError && !isRouteErrorResponse(error)) console.error(error);
  }, [chunkError, error]);

  if (chunkError && !reloadRefused) return <FullPageSpin />;
  const status = errorStatusOf(error);
  if (status === 404) return <RouteNotFoundPage />;
  return <RouteErrorPage status={status} />;
}
