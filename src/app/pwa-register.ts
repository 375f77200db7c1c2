import { whenNetworkQuiet } from '../data/sync-status';
import { useUpdateStore } from './pwa-update';

/** How long a page waits for an idle moment before registering anyway. */
const IDLE_TIMEOUT_MS = 10_000;

/** How long none of the app's requests must be under way before the precache may start (30 s at most). */
const NETWORK_QUIET_MS = 1_500;
const NETWORK_WAIT_AT_MOST_MS = 30_000;

/** After the page's load, once the first screen's reads are done, at an idle moment. */
function whenIdle(run: () => void): void {
  const afterLoad = () => {
    void whenNetworkQuiet(NETWORK_QUIET_MS, NETWORK_WAIT_AT_MOST_MS).then(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(run, 1_000);
    });
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * Registers /sw.js once the page has loaded, its first screen's reads are done and it is idle: installing
 * it downloads the whole precache, which must never compete with a first visit's paint on a phone's slow
 * network. A new version waits
 * until the user accepts the prompt: taking over silently would leave an open page asking for lazy chunks
 * the new deploy no longer has.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenIdle(() => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const workbox = new Workbox('/sw.js', { type: 'module' });
        workbox.addEventListener('waiting', () => {
          useUpdateStore.setState({
            applyUpdate: () => {
              workbox.addEventListener('controlling', () => window.location.reload());
              workbox.messageSkipWaiting();
            },
          });
        });
        // The page has loaded already: register now rather than on a `load` event that has passed.
        return workbox.register({ immediate: true });
      })
      .catch((error: unknown) => console.warn('service worker registration failed', error));
  });
}
