/**
 * The service worker: the app shell works offline.
 * - Precaches the built shell (the list is injected at build time by vite-plugin-pwa).
 * - Serves index.html for every navigation, so any route opens with no network.
 * - Never answers /api or /files from the precache: data goes through the page's own cache (Dexie).
 * - Waits for the page to say SKIP_WAITING: a silent takeover would break lazy chunks of an open page.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/files\//],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') {
    event.waitUntil(self.skipWaiting());
  }
});
