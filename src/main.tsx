// First: the page's reads leave before the rest of the bundle is evaluated.
import './app/first-reads';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { reloadOnceForMissingChunks } from './app/pwa-update';
import { routes } from './app/routes';
import { afterNextPaint } from './data/core/after-paint';
import { firstScreenReady, whenFirstScreenShown } from './data/page-start';
import { whenNetworkQuiet } from './data/sync-status';
import { initI18n } from './i18n/i18n';
import { keepInstallOffer } from './state/install-offer';
import './app/app.css';

/** The first screen's reads are done once the app's requests have been quiet this long (5 s at most). */
const FIRST_READS_QUIET_MS = 500;
const FIRST_READS_WAIT_AT_MOST_MS = 5_000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

reloadOnceForMissingChunks();
keepInstallOffer();

// In French, at once; in English, once its catalogue (a precached chunk) is in. A reload of the week
// renders once its cached events are read (data/page-start.ts); the router and the root are set up while
// that read is under way, on IndexedDB's own thread.
// The page stays answerable on a slow phone while it starts: the router and the root are set up in a task
// of their own, not in the one that evaluates the bundle, and the first render is a transition, which React
// renders in slices of a few milliseconds instead of one long task; the frame it commits is the same.
const shell = new Promise<void>((done) => setTimeout(done, 0)).then(() => ({
  router: createBrowserRouter(routes),
  reactRoot: createRoot(root),
}));
void Promise.all([shell, initI18n(), firstScreenReady()]).then(([{ router, reactRoot }]) => {
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
});
// Neither the service worker's registration (itself waiting for a quiet network) nor the keeping of the week
// as last seen (for the next cold start to show while this bundle loads, by this build only) is of the first
// screen: their code is out of the bundle every page waits for, and fetched once that screen's reads are done
// (as the catalog is, data/core/sync-engine.ts), not beside the requests the week's first paint waits for.
// The tab's icon and the manifest, once the first screen is shown (app/head-links.ts, a chunk of its own).
void whenFirstScreenShown().then(() =>
  afterNextPaint(() => void import('./app/head-links').then((m) => m.addIconAndManifest()), true),
);
const entry = new URL(import.meta.url).pathname;
void whenNetworkQuiet(FIRST_READS_QUIET_MS, FIRST_READS_WAIT_AT_MOST_MS).then(() =>
  afterNextPaint(() => {
    void import('./app/pwa-register').then((m) => m.registerServiceWorkerWhenIdle());
    void import('./app/week-snapshot').then((m) => m.keepWeekSnapshots(entry));
  }, true),
);
