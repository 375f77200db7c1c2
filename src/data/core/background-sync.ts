/** The Background Sync tag the page registers and the service worker answers. */
export const BACKGROUND_SYNC_TAG = 'equipee-outbox';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser to wake the service worker for a drain once the network is back (Chromium). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration: SyncRegistration | undefined = await navigator.serviceWorker?.ready;
    await registration?.sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // No Background Sync here (Firefox, Safari): the page drains on its own triggers.
  }
}
