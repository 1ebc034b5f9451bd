import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders.tsx';
import { reloadAfterChunkError } from './app/chunk-reload.ts';
import { connectApiToApp } from './app/connect-api.ts';
import { preloadErrorPages } from './app/ErrorPages.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import './app/app.css';

// A chunk's preloaded dependency (JS or CSS) failed, usually after a deploy:
// reload once a minute at most; otherwise let the route show the error page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
connectApiToApp(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
preloadErrorPages();
