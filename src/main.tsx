// First: the page's reads leave before the rest of the bundle is evaluated.
import './app/first-reads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { reloadOnceForMissingChunks } from './app/pwa-update';
import { routes } from './app/routes';
import { afterNextPaint } from './data/core/after-paint';
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
// Neither the service worker's registration (itself waiting for an idle moment) nor the keeping of the week as
// last seen (for the next cold start to show while this bundle loads, by this build only) is of the first
// frame: their code comes after it, out of the bundle every page waits for.
const entry = new URL(import.meta.url).pathname;
afterNextPaint(() => {
  void import('./app/pwa-register').then((m) => m.registerServiceWorkerWhenIdle());
  void import('./app/week-snapshot').then((m) => m.keepWeekSnapshots(entry));
}, true);
