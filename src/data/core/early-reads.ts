/**
 * The reads a page load needs, sent before React has rendered and before the lazy chunks that parse the
 * answers (zod, the sync engine) have arrived: on a phone's slow network they then travel together
 * instead of one after the other. Most are already under way when the bundle runs: index.html's inline
 * script sent them (app/boot/page-boot.ts) while the bundle was downloading. Each answer is handed once to
 * the first api-client GET of the same path with the same token; any later read goes to the network as usual.
 */
import { trackedFetch, trackRequest } from './connectivity';
import { adoptEarlyRead, sendEarlyRead, takeStoredRead } from './early-read-store';

/** Sends a GET now (with the token, when there is one), unless the page sent it already: then counts it in. */
export function startEarlyRead(path: string, token: string | null, language: string): void {
  sendEarlyRead(path, token, language, trackedFetch);
  // Sent by the inline script: from now on it counts among the app's requests (the service worker waits
  // for a quiet network) and what it meets tells whether the network works, as any request does.
  adoptEarlyRead(path, token, trackRequest);
}

/** The early answer for this GET, at most once; undefined when none was sent or it is too old. */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | undefined {
  return takeStoredRead(path, token)?.response;
}
