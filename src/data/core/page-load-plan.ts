/**
 * What a page load asks for before the app's code runs: which API reads, and whether the code that
 * parses their answers is fetched at once. Decided from the address and storage alone, by index.html's
 * inline script (app/boot/page-boot.ts) and again by the bundle (data/page-start.ts), which so agree on
 * every read. Bundled into the inline script too: it imports only dependency-free modules.
 */
import { eventsRangePath, ME_PATH, START_SETTINGS_PATH } from '@common/contract/start-paths';
import { weekReadRange, weekStart } from '@common/rules/club-time';

export interface PlannedRead {
  path: string;
  /** Sent with the session token, or null for a public read. */
  token: string | null;
  /** The week's events, which a first visit shows as they come (core/week-preview.ts). */
  isWeek?: boolean;
}

export interface PageLoadPlan {
  reads: PlannedRead[];
  /**
   * `at-once`: the parsers (the sync engine, the account calls, zod) are fetched beside the reads.
   * `after-first-paint`: the week paints first, from the cache on a reload, from the early answer as it came
   * on a first visit; the parsers would be in its way.
   * `none`: signed out, nothing to parse.
   */
  parsers: 'at-once' | 'after-first-paint' | 'none';
}

/**
 * The Monday of the week the address asks for, or of this week by the device's own calendar. The screen
 * decides by the club's time zone; formatting in a time zone first costs a phone tens of milliseconds of
 * zone data before the request could leave, and the device's day is the club's for nearly every member.
 * A wrong guess (a member abroad, around midnight on Sunday) only leaves this read unused: the sync engine
 * reads the screen's week itself.
 */
export function guessedWeek(search: string, now = new Date()): string {
  const asked = new URLSearchParams(search).get('week');
  if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked))) return weekStart(asked);
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return weekStart(local.toISOString().slice(0, 10));
}

export function pageLoadPlan(
  location: { pathname: string; search: string },
  token: string | null,
  now = new Date(),
): PageLoadPlan {
  const reads: PlannedRead[] = [];
  // The settings are read by the signed-in frame and the news page's header; the sign-in and password
  // screens show none of them.
  if (token || location.pathname === '/news') reads.push({ path: START_SETTINGS_PATH, token: null });
  if (!token) return { reads, parsers: 'none' };
  reads.push({ path: ME_PATH, token });
  if (location.pathname !== '/') return { reads, parsers: 'at-once' };
  const { from, to } = weekReadRange(guessedWeek(location.search, now));
  reads.push({ path: eventsRangePath(from, to), token, isWeek: true });
  // The week paints before the parsers come: from the cache with the zone kept, else from the early answer.
  return { reads, parsers: 'after-first-paint' };
}
