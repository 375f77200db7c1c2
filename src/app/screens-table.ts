import { afterNextPaint } from '../data/core/after-paint';
import { whenNetworkQuiet } from '../data/sync-status';

/** The app's requests quiet this long (30 s at most): the first screen's reads are done. */
const QUIET_MS = 1_500;
const WAIT_AT_MOST_MS = 30_000;

let table: Promise<typeof import('./lazy-screens')> | undefined;

/**
 * The table of lazy screens (lazy-screens.ts), a chunk of its own so the list of every screen's chunks and
 * styles is not in the entry. Fetched once; a fetch that failed (offline before the service worker holds
 * the chunks) is tried again at the next call.
 */
export function loadScreensTable(): Promise<typeof import('./lazy-screens')> {
  table ??= import('./lazy-screens').catch((error: unknown) => {
    table = undefined;
    throw error;
  });
  return table;
}

/**
 * Fetches the table once the first screen's reads are done, never beside them, and after the next frame at an
 * idle moment: a screen with no first reads (the sign-in form) finds the network quiet at once, and the
 * table's fetch would otherwise race its first paint. The first move to another screen then waits for that
 * screen's own chunk only.
 */
export function prefetchScreensTable(): void {
  void whenNetworkQuiet(QUIET_MS, WAIT_AT_MOST_MS)
    .then(() => new Promise<void>((resolve) => afterNextPaint(resolve, true)))
    .then(loadScreensTable)
    .catch(() => undefined);
}
