/**
 * The service worker: the app shell works offline, and queued writes go out even with the app closed.
 * - Precaches the built shell (the list is injected at build time by vite-plugin-pwa).
 * - Serves index.html for every navigation, so any route opens with no network.
 * - Never answers /api from a cache: data goes through the page's own cache (Dexie).
 * - Public files (logo, pictures) are served from a runtime cache, refreshed in the background.
 * - On a Background Sync `sync` event, drains the outbox (same Dexie database, same drain code as the
 *   page, one drainer at a time through a Web Lock). Failing the event lets the browser retry it later.
 * - Shows our web pushes as notifications; a click opens the event (or its map), a reminder's buttons answer it
 *   (push.ts).
 * - Waits for the page to say SKIP_WAITING: a silent takeover would break lazy chunks of an open page.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { BACKGROUND_SYNC_TAG } from '../src/data/core/background-sync';
import { EquipeeDb } from '../src/data/core/db';
import { drainOutbox, retryPendingNow } from '../src/data/core/drain';
import { httpTransport } from '../src/data/core/drain-http';
import { withDrainLock } from '../src/data/core/drain-lock';
import { registerPushHandlers } from './push';

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
registerRoute(
  ({ url }) => url.pathname.startsWith('/files/'),
  new StaleWhileRevalidate({ cacheName: 'equipee-files' }),
);

registerPushHandlers(self);

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== BACKGROUND_SYNC_TAG) return;
  sync.waitUntil(
    withDrainLock(async () => {
      const db = new EquipeeDb();
      // The browser fires this when the network is back: backoffs end now.
      await retryPendingNow(db);
      return drainOutbox(db, httpTransport);
    }).then((outcome) => {
      if (outcome.stoppedBy === 'network' || outcome.stoppedBy === 'retry-later')
        throw new Error('outbox not drained yet');
    }),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') {
    event.waitUntil(self.skipWaiting());
  }
});
