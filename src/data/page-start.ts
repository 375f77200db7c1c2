/**
 * What a page load asks the server for, sent at once and together from main.tsx, before React renders: the
 * club's start settings, and with a token the session check and the week the address shows. The code that
 * parses those answers (the account calls, the sync engine and their schemas) is fetched beside them.
 * Each answer is handed to the first screen or engine call that asks for it (core/early-reads.ts), so
 * nothing is asked twice and no read waits for another.
 */
import { DEFAULT_TIMEZONE } from '../common/contract/club-defaults';
import { eventsRangePath, ME_PATH, START_SETTINGS_PATH } from '../common/contract/start-paths';
import { askedWeek, weekReadRange } from '../common/rules/club-time';
import { appDb } from './core/db';
import { startEarlyRead } from './core/early-reads';
import { getToken } from './core/session-storage';

export function startPageReads(location: { pathname: string; search: string }, language: string): void {
  startEarlyRead(START_SETTINGS_PATH, null, language);
  const token = getToken();
  if (!token) return;
  startEarlyRead(ME_PATH, token, language);
  void import('./users').catch(() => undefined);
  void import('./core/sync-engine').catch(() => undefined);
  if (location.pathname !== '/') return;
  // The week is the club's: its time zone as cached (a first visit guesses the usual one; a wrong guess
  // only means the engine reads the right week itself).
  void appDb()
    .clubSettings.get('timezone')
    .then((cached) => {
      const week = new URLSearchParams(location.search).get('week');
      const { from, to } = weekReadRange(askedWeek(week, cached?.value ?? DEFAULT_TIMEZONE));
      startEarlyRead(eventsRangePath(from, to), token, language);
    })
    .catch(() => undefined);
}
