/**
 * What a page load asks the server for (core/page-load-plan.ts), sent at once and together before React and
 * the router are even set up (app/first-reads.ts; most often index.html's inline script has sent them
 * already): the club's start settings, and with a token the session check and the week the address shows.
 * The code that parses those answers (the account calls, the sync engine and their schemas) is fetched
 * beside them. Each answer is handed to the first screen or engine call that asks for
 * it (core/early-reads.ts), so nothing is asked twice and no read waits for another.
 */
import { askedWeek } from '@common/rules/club-time';
import { useSyncExternalStore } from 'react';
import { afterNextPaint } from './core/after-paint';
import { mirroredClubTimeZone } from './core/club-time-zone-mirror';
import { appDb } from './core/db';
import { startEarlyRead } from './core/early-reads';
import { pageLoadPlan } from './core/page-load-plan';
import { getToken } from './core/session-storage';
import { weekShownOnce } from './core/week-on-screen';
import { previewWeekFromEarlyRead } from './core/week-preview';
import { preReadWeek } from './events';

/**
 * How long the first render waits for the cached week: enough for IndexedDB to open and answer on a slow
 * phone, short enough that a stuck database (another tab holding an old version) never hides the app.
 */
const FIRST_SCREEN_WAIT_MS = 250;
let firstScreen: Promise<void> = Promise.resolve();
let isWaitingForCache = false;
/**
 * A first visit of the week waits this long at most for its preview on screen before the parsing code is
 * fetched anyway (an answer so slow that the bandwidth no longer matters, or a week screen never shown).
 */
const PREVIEW_WAIT_AT_MOST_MS = 4_000;
let parsersDue: Promise<void> = Promise.resolve();
let firstScreenShown: Promise<void> = Promise.resolve();
let isFirstScreenShown = true;
const shownListeners = new Set<() => void>();

/**
 * Settles when the code that parses answers (the account calls, the sync engine, zod) may be fetched: at
 * once, but on a first visit of the week once its preview is on screen (core/week-preview.ts).
 */
export function parsersMayLoad(): Promise<void> {
  return parsersDue;
}

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

/**
 * Settles once the page's first screen is shown: on the week, once its events are in a committed frame (4 s
 * at most); on any other page at once. What only decorates the page (the header's logo, the tab's icon, the
 * manifest and its icons) waits for it: on a phone's slow network each of those requests took bandwidth from
 * the week's first paint.
 */
export function whenFirstScreenShown(): Promise<void> {
  return firstScreenShown;
}

/** Whether the page's first screen is shown (whenFirstScreenShown), for a component. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      shownListeners.add(listener);
      return () => shownListeners.delete(listener);
    },
    () => isFirstScreenShown,
  );
}

function holdDecorationsUntilWeekShown(): void {
  isFirstScreenShown = false;
  // After the frame that shows the week: its paint, not only its commit, comes before those requests.
  firstScreenShown = Promise.race([
    weekShownOnce().then(() => new Promise<void>((done) => afterNextPaint(done))),
    new Promise<void>((done) => setTimeout(done, PREVIEW_WAIT_AT_MOST_MS)),
  ]).then(() => {
    isFirstScreenShown = true;
    for (const listener of shownListeners) listener();
  });
}

export function startPageReads(location: { pathname: string; search: string }, language: string): void {
  const token = getToken();
  const zone = token ? mirroredClubTimeZone() : undefined;
  const plan = pageLoadPlan(location, token);
  // Already under way when index.html's inline script sent them: then these calls only find them.
  for (const read of plan.reads) startEarlyRead(read.path, read.token, language);
  if (plan.parsers === 'none') return;
  const weekRead = plan.reads.find((read) => read.isWeek);
  if (weekRead) holdDecorationsUntilWeekShown();
  if (plan.parsers === 'after-first-paint' && zone) {
    // The week as cached, for the screen's first render; in the club's zone, mirrored with its offsets.
    const read = preReadWeek(askedWeek(new URLSearchParams(location.search).get('week'), zone), zone);
    firstScreen = Promise.race([read, new Promise<void>((done) => setTimeout(done, FIRST_SCREEN_WAIT_MS))]);
    isWaitingForCache = true;
  } else if (plan.parsers === 'after-first-paint' && token && weekRead) {
    // Nothing cached yet: the week's early answer is shown as it came, and the parsing code follows it.
    const shown = previewWeekFromEarlyRead(weekRead.path, token).then((isShown) =>
      isShown
        ? weekShownOnce().then(() => new Promise<void>((done) => afterNextPaint(done, true)))
        : undefined,
    );
    parsersDue = Promise.race([
      shown,
      new Promise<void>((done) => setTimeout(done, PREVIEW_WAIT_AT_MOST_MS)),
    ]);
  }
  // The code that parses these answers, and the database they are kept in, get ready meanwhile (opening
  // IndexedDB the first time takes a phone longer than the reads). When the screen paints from the cache,
  // that code is evaluated after its first frame, not in the way of it.
  const loadParsers = () => {
    void import('./users').catch(() => undefined);
    void import('./core/sync-engine').catch(() => undefined);
  };
  if (isWaitingForCache) void firstScreen.then(() => afterNextPaint(loadParsers, true));
  else void parsersDue.then(loadParsers);
  void appDb()
    .open()
    .catch(() => undefined);
}
