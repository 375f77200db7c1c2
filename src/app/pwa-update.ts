import { Workbox } from 'workbox-window';
import { create } from 'zustand';

interface UpdateState {
  /** Set when a new service worker is installed and waiting: calling it switches and reloads. */
  applyUpdate: (() => void) | null;
}

export const useUpdateStore = create<UpdateState>(() => ({ applyUpdate: null }));

/**
 * Registers /sw.js. A new version waits until the user accepts the prompt: taking over silently would
 * leave an open page asking for lazy chunks the new deploy no longer has.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { type: 'module' });
  workbox.addEventListener('waiting', () => {
    useUpdateStore.setState({
      applyUpdate: () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    });
  });
  workbox.register().catch((error: unknown) => console.warn('service worker registration failed', error));
}
