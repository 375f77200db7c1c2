import type { User } from '@common/contract/user';
import { forgetAllFeedLinks } from './calendar-feed-forget';
import { forgetWeekSnapshot } from './week-snapshot-store';

// The token lives in localStorage: writing or removing it is what other tabs see through the `storage` event.
// The cached user lets an offline reload render without the server.
export const TOKEN_KEY = 'token';
export const CACHED_USER_KEY = 'currentUser';

/** Null too when there is no storage to read: site data blocked, or a page (or a test) being torn down. */
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

/** Every field of the contract's User; a test keeps it equal to userSchema's keys. */
export const USER_FIELDS = [
  'id',
  'username',
  'email',
  'connection_attempt',
  'is_locked',
  'is_revoked',
  'role_id',
  'role_name',
  'last_name',
  'first_name',
  'street',
  'city',
  'zip_code',
  'phone',
  'shoe_size',
  'has_shoes',
  'language',
  'hidden_from_members',
  'email_bouncing',
  'pending_email',
  'birth_date',
] as const satisfies ReadonlyArray<keyof User>;

/**
 * The user stored at the last sign-in, or null. It was parsed with the contract's schema when the server
 * sent it; what is checked here (without zod, which loads after the first paint) is that it has the
 * shape of this version's User, so one stored by an older version is never rendered.
 */
export function getCachedUser(): User | null {
  const raw = localStorage.getItem(CACHED_USER_KEY);
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return null;
    return USER_FIELDS.every((field) => field in stored) && typeof (stored as User).id === 'string'
      ? (stored as User)
      : null;
  } catch {
    return null;
  }
}

/** Whether two users are the same in every field (all are plain values). */
export function isSameUser(a: User, b: User): boolean {
  return USER_FIELDS.every((field) => a[field] === b[field]);
}

export function setCachedUser(user: User): void {
  localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(CACHED_USER_KEY);
  // A calendar feed URL is a credential of the user who signs out: it does not stay on the device.
  forgetAllFeedLinks();
  // Nor does the markup of their week.
  forgetWeekSnapshot();
}
