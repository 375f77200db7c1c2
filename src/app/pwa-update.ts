import { create } from 'zustand';

interface UpdateState {
  /** Set when a new service worker is installed and waiting: calling it switches and reloads. */
  applyUpdate: (() => void) | null;
}

export const useUpdateStore = create<UpdateState>(() => ({ applyUpdate: null }));

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
