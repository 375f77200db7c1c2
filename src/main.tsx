import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { registerServiceWorkerWhenIdle, reloadOnceForMissingChunks } from './app/pwa-update';
import { routes } from './app/routes';
import { startPageReads } from './data/page-start';
import { initI18n, storedLanguage } from './i18n/i18n';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// Before anything renders: the reads the first screen needs go out now, together.
startPageReads(window.location, storedLanguage());
reloadOnceForMissingChunks();

// In French, at once; in English, once its catalogue (a precached chunk) is in.
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
});
registerServiceWorkerWhenIdle();
