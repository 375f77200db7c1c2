import { create } from 'zustand';
import { whenNetworkQuiet } from '../data/sync-status';

interface UpdateState {
  /** Set when a new service worker is installed and waiting: calling it switches and reloads. */
  applyUpdate: (() => void) | null;
}

export const useUpdateStore = create<UpdateState>(() => ({ applyUpdate: null }));

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

export const MISSING_CHUNK_RELOAD_KEY = 'missing-chunk-reload';
const RELOAD_AT_MOST_EVERY_MS = 60_000;

/**
 * A deploy deletes the previous build's chunks. A page still running the old build (opened before the
 * deploy, before a service worker held its files) then gets a 404 for a screen's lazy chunk: it reloads
 * once, to the new index.html and its chunks. It does not when the server cannot be reached (the error
 * is then the network's, and the screen says so) nor twice within a minute (no reload loop).
 */
export function reloadOnceForMissingChunks(reload: () => void = () => window.location.reload()): void {
  // The error still reaches the screen (its own message when offline); the reload, if any, replaces it.
  window.addEventListener('vite:preloadError', () => {
    const last = Number(sessionStorage.getItem(MISSING_CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_AT_MOST_EVERY_MS) return;
    void fetch('/', { method: 'HEAD', cache: 'no-store' }).then(
      (answer) => {
        if (!answer.ok) return;
        sessionStorage.setItem(MISSING_CHUNK_RELOAD_KEY, String(Date.now()));
        reload();
      },
      () => undefined,
    );
  });
}
