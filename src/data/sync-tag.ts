/** The Background Sync tag the page registers and the service worker answers. */
export const BACKGROUND_SYNC_TAG = 'equipee-outbox';
