/**
 * What a page load asks the server for (core/page-load-plan.ts), sent at once and together before React and
 * the router are even set up (app/first-reads.ts; most often index.html's inline script has sent them
 * already): the club's start settings, and with a token the session check and the week the address shows.
 * The code that parses those answers (the account calls, the sync engine and their schemas) is fetched
 * beside them. Each answer is handed to the first screen or engine call that asks for
 * it (core/early-reads.ts), so nothing is asked twice and no read waits for another.
 */
import { askedWeek } from '@common/rules/club-time';
import { afterNextPaint } from './core/after-paint';
import { mirroredClubTimeZone } from './core/club-time-zone-mirror';
import { appDb } from './core/db';
import { startEarlyRead } from './core/early-reads';
import { pageLoadPlan } from './core/page-load-plan';
import { getToken } from './core/session-storage';
import { preReadWeek } from './events';

/**
 * How long the first render waits for the cached week: enough for IndexedDB to open and answer on a slow
 * phone, short enough that a stuck database (another tab holding an old version) never hides the app.
 */
const FIRST_SCREEN_WAIT_MS = 250;
let firstScreen: Promise<void> = Promise.resolve();
let isWaitingForCache = false;

/**
 * Settles when the first screen's cached data is in (or after FIRST_SCREEN_WAIT_MS): rendering then shows
 * the week's events in the first frame, instead of a frame without them and a second render a few
 * milliseconds later, both held back by the other's work on a phone's one busy thread.
 */
export function firstScreenReady(): Promise<void> {
  return firstScreen;
}

/** Whether this page's first screen is painted from the cache (a reload of the week with a kept zone). */
export function paintsFromCache(): boolean {
  return isWaitingForCache;
}

export function startPageReads(location: { pathname: string; search: string }, language: string): void {
  const token = getToken();
  const zone = token ? mirroredClubTimeZone() : undefined;
  const plan = pageLoadPlan(location, token, zone !== undefined);
  // Already under way when index.html's inline script sent them: then these calls only find them.
  for (const read of plan.reads) startEarlyRead(read.path, read.token, language);
  if (plan.parsers === 'none') return;
  if (plan.parsers === 'after-first-paint' && zone) {
    // The week as cached, for the screen's first render; in the club's zone, mirrored with its offsets.
    const read = preReadWeek(askedWeek(new URLSearchParams(location.search).get('week'), zone), zone);
    firstScreen = Promise.race([read, new Promise<void>((done) => setTimeout(done, FIRST_SCREEN_WAIT_MS))]);
    isWaitingForCache = true;
  }
  // The code that parses these answers, and the database they are kept in, get ready meanwhile (opening
  // IndexedDB the first time takes a phone longer than the reads). When the screen paints from the cache,
  // that code is evaluated after its first frame, not in the way of it.
  const loadParsers = () => {
    void import('./users').catch(() => undefined);
    void import('./core/sync-engine').catch(() => undefined);
  };
  if (isWaitingForCache) void firstScreen.then(() => afterNextPaint(loadParsers, true));
  else loadParsers();
  void appDb()
    .open()
    .catch(() => undefined);
}
