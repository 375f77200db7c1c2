import type { AppDeps } from '../../app-deps';
import { TooManyRequestsError } from '../../http-error';
import { SlidingWindow } from '../../plugins/sliding-window';

/** Uploads (profile pictures, the logo and news pictures together) one member may send in UPLOAD_WINDOW_MS. */
export const UPLOADS_PER_WINDOW = 10;
export const UPLOAD_WINDOW_MS = 10 * 60_000;

/** Counts one upload of `userId`, or refuses it (docs/rules.md#abuse-limits). */
export type CountUpload = (userId: string) => void;

// One window per app, whichever module asks: a window per route or per module would give each its own
// budget, and a member would get 10 uploads per kind instead of 10 in all.
const windows = new WeakMap<Pick<AppDeps, 'now'>, SlidingWindow>();

/**
 * The app's one upload counter (docs/rules.md#abuse-limits): past UPLOADS_PER_WINDOW in the last 10 minutes,
 * 429 `too_many_requests` with Retry-After (when the oldest counted upload leaves the window). Callers count
 * before the file is decoded, and a refused file still counts: decoding it is what costs.
 */
export function uploadCounter(deps: Pick<AppDeps, 'now'>): CountUpload {
  let window = windows.get(deps);
  if (!window) {
    window = new SlidingWindow(UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS);
    windows.set(deps, window);
  }
  const counted = window;
  return (userId) => {
    const at = deps.now().getTime();
    const waitMs = counted.waitMs(userId, at);
    if (waitMs > 0) throw new TooManyRequestsError(Math.max(1, Math.ceil(waitMs / 1000)));
    counted.record(userId, at);
  };
}
