// First: the page's reads leave before the rest of the bundle is evaluated.
import './app/first-reads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { registerServiceWorkerWhenIdle, reloadOnceForMissingChunks } from './app/pwa-update';
import { routes } from './app/routes';
import { keepWeekSnapshots } from './app/week-snapshot';
import { firstScreenReady } from './data/page-start';
import { initI18n } from './i18n/i18n';
import { keepInstallOffer } from './state/install-offer';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

reloadOnceForMissingChunks();
keepInstallOffer();

// In French, at once; in English, once its catalogue (a precached chunk) is in. A reload of the week
// renders once its cached events are read (data/page-start.ts); the router and the root are set up while
// that read is under way, on IndexedDB's own thread.
const router = createBrowserRouter(routes);
const reactRoot = createRoot(root);
void Promise.all([initI18n(), firstScreenReady()]).then(() => {
  reactRoot.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
registerServiceWorkerWhenIdle();
// The week as last seen, for the next cold start to show while this bundle loads (by this build only).
keepWeekSnapshots(new URL(import.meta.url).pathname);
