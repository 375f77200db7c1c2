// First: the page's reads leave before the rest of the bundle is evaluated.
import './app/first-reads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { registerServiceWorkerWhenIdle, reloadOnceForMissingChunks } from './app/pwa-update';
import { routes } from './app/routes';
import { initI18n } from './i18n/i18n';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

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
