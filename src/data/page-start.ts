/**
 * What a page load asks the server for, sent at once and together (app/first-reads.ts), before React and
 * the router are even set up: the club's start settings, and with a token the session check and the week
 * the address shows. The code that parses those answers (the account calls, the sync engine and their
 * schemas) is fetched beside them. Each answer is handed to the first screen or engine call that asks for
 * it (core/early-reads.ts), so nothing is asked twice and no read waits for another.
 */
import { eventsRangePath, ME_PATH, START_SETTINGS_PATH } from '../common/contract/start-paths';
import { weekReadRange, weekStart } from '../common/rules/club-time';
import { appDb } from './core/db';
import { startEarlyRead } from './core/early-reads';
import { getToken } from './core/session-storage';

/**
 * The Monday of the week the address asks for, or of this week by the device's own calendar. The screen
 * decides by the club's time zone; formatting in a time zone first costs a phone tens of milliseconds of
 * zone data before the request could leave, and the device's day is the club's for nearly every member.
 * A wrong guess (a member abroad, around midnight on Sunday) only leaves this read unused: the sync engine
 * reads the screen's week itself.
 */
function guessedWeek(search: string, now = new Date()): string {
  const asked = new URLSearchParams(search).get('week');
  if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked))) return weekStart(asked);
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return weekStart(local.toISOString().slice(0, 10));
}

export function startPageReads(location: { pathname: string; search: string }, language: string): void {
  const token = getToken();
  // The settings are read by the signed-in frame and the news page's header; the sign-in and password
  // screens show none of them.
  if (token || location.pathname === '/news') startEarlyRead(START_SETTINGS_PATH, null, language);
  if (!token) return;
  startEarlyRead(ME_PATH, token, language);
  if (location.pathname === '/') {
    const { from, to } = weekReadRange(guessedWeek(location.search));
    startEarlyRead(eventsRangePath(from, to), token, language);
  }
  // The code that parses these answers, and the database they are kept in, get ready meanwhile (opening
  // IndexedDB the first time takes a phone longer than the reads).
  void import('./users').catch(() => undefined);
  void import('./core/sync-engine').catch(() => undefined);
  void appDb()
    .open()
    .catch(() => undefined);
}
