/**
 * The one session module. It owns the token (localStorage, which other tabs watch), the cached user for
 * offline first paints, the copy the service worker reads (Dexie, through startSync), beginning a session
 * (`beginSession`; the sign-in form's account call is in sign-in.ts) and ending it here (`endLocally`; a
 * member's sign-out and a deleted account add the server's part and the device's pushes in sign-out.ts),
 * other tabs' sign-ins and sign-outs, and what a 401 means:
 *  - a 401 to a request that carried the token: the session is lost — sign out here, keep pending
 *    writes, say so once;
 *  - the sign-in's own 401 (sent without a token): only the sign-in's error, shown by the login screen;
 *  - a network error or a 5xx never signs anyone out (an offline reload renders from the cached user).
 */

import type { User } from '@common/contract/user';
import { create } from 'zustand';
import { afterNextPaint } from '../data/core/after-paint';
import { ApiError, onSessionRejected } from '../data/core/api-client';
import { appDb } from '../data/core/db';
import { mirrorSession } from '../data/core/session-mirror';
import {
  clearSession,
  getCachedUser,
  getToken,
  isSameUser,
  setCachedUser,
  TOKEN_KEY,
} from '../data/core/session-storage';
import { startSync, stopSync } from '../data/core/sync';
import { paintsFromCache, parsersMayLoad } from '../data/page-start';
import { showToast } from './toast-store';

/** checking: a token but no user yet; unreachable: a token, no cached user, and no answer from the server. */
export type SessionStatus = 'signed-out' | 'checking' | 'signed-in' | 'unreachable';

interface SessionState {
  user: User | null;
  status: SessionStatus;
}

function initialState(): SessionState {
  if (!getToken()) return { user: null, status: 'signed-out' };
  const user = getCachedUser();
  return { user, status: user ? 'signed-in' : 'checking' };
}

export const useSession = create<SessionState>(initialState);

/** The session last begun on this page: beginning it again with the same user changes nothing. */
let begun: { token: string; user: User } | undefined;

/** Reads the stored session again, as a page load does (tests start each case this way). */
export function restoreSession(): void {
  begun = undefined;
  useSession.setState(initialState());
}

/** The signed-in user (null when signed out). */
export const useCurrentUser = (): User | null => useSession((s) => s.user);

/** The session begins here with `user` (a sign-in, a confirmed or cached session). */
export function beginSession(token: string, user: User): void {
  if (begun?.token === token && isSameUser(begun.user, user)) return;
  begun = { token, user };
  // The cached user the page started with, confirmed: the same user again would re-render every screen.
  const { user: shown, status } = useSession.getState();
  if (status !== 'signed-in' || !shown || !isSameUser(shown, user)) {
    setCachedUser(user);
    useSession.setState({ user, status: 'signed-in' });
  }
  // After the screen's first frame: the engine's code, schemas and database writes must not hold back an
  // offline start's first events (the page's own reads, online, left already: core/early-reads.ts). When
  // that frame showed the cached week, at an idle moment after it; else the screen waits for the engine.
  // On a first visit of the week, once its preview is on screen (data/page-start.ts).
  void parsersMayLoad().then(() =>
    afterNextPaint(() => {
      const isStillSignedIn = getToken() === token && useSession.getState().user?.id === user.id;
      if (isStillSignedIn) void startSync(token, user, sessionLost).catch(() => undefined);
    }, paintsFromCache()),
  );
  // Ask the browser not to evict the offline data (the answer does not change what we do).
  void navigator.storage?.persist?.().catch(() => false);
}

/** Forgets the session here; pending writes stay in the outbox for this user's next sign-in. */
export async function endLocally(): Promise<void> {
  begun = undefined;
  clearSession();
  useSession.setState({ user: null, status: 'signed-out' });
  await stopSync().catch(() => undefined);
}

/** The server refused the token (on a page request or a drain): sign out and say why, once. */
function sessionLost(): void {
  if (useSession.getState().status === 'signed-out' && !getToken()) return;
  showToast('info', 'sync.session_expired');
  void endLocally();
  // The token no longer works, so the server cannot be told: its push service will answer it 410.
  void pushCalls().then((push) => push.unsubscribeHere());
}

onSessionRejected(sessionLost);

/** The account calls parse answers with the contract's schemas: loaded on first use, after the first paint. */
const accountCalls = () => import('../data/users');
/** This device's web push, ended with the session (loaded only then). */
const pushCalls = () => import('../data/push');

/** Counts saves of one's own profile, so an older answer of /api/user/me never overwrites a newer save. */
let savedProfiles = 0;

/**
 * The server's answer to a save of one's own profile becomes the current user: here, in the cached user
 * and in the worker's copy. Someone else's profile (an admin's edit) changes nothing here.
 */
export function replaceCurrentUser(user: User): void {
  const token = getToken();
  if (!token || useSession.getState().user?.id !== user.id) return;
  savedProfiles++;
  setCachedUser(user);
  useSession.setState({ user });
  void mirrorSession(appDb(), token, user).catch(() => undefined);
}

/** Asks the server who the token belongs to; keeps the token on anything but a 401. */
export async function confirmSession(): Promise<void> {
  const token = getToken();
  if (!token) {
    if (useSession.getState().status !== 'signed-out') await endLocally();
    return;
  }
  // With a cached user the sync engine starts now, beside the check: the week's read does not wait for it.
  const cachedAtStart = getCachedUser();
  if (cachedAtStart) beginSession(token, cachedAtStart);
  try {
    const savesBefore = savedProfiles;
    // The account calls come with the parsing code: with a cached user, after the week's preview if any.
    if (cachedAtStart) await parsersMayLoad();
    const { fetchMe } = await accountCalls();
    const me = await fetchMe();
    const current = useSession.getState().user;
    beginSession(token, savesBefore !== savedProfiles && current ? current : me);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return; // sessionLost has run
    const cached = getCachedUser();
    if (cached) beginSession(token, cached);
    else useSession.setState({ user: null, status: 'unreachable' });
  }
}

/** Another tab signed in or out: follow it. Answers the function that stops watching. */
export function watchOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    void (getToken() ? confirmSession() : endLocally());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
