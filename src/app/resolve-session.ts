import type { User } from '../common/contract/user';
import { ApiError, fetchMe } from '../data/api-client';
import { getCachedUser, getToken } from '../data/session-storage';

export type SessionOutcome =
  | { kind: 'ok'; user: User }
  | { kind: 'signed-out' }
  /** The server could not be asked (no network, 5xx): the token is kept, the cached user used if any. */
  | { kind: 'unreachable'; cachedUser: User | null };

/**
 * The guard's decision. Departs from product-spec §2 on purpose: only a 401 signs out (the API client
 * drops the token then); a network error or a 5xx keeps the token so an offline reload signs nobody out.
 */
export async function resolveSession(): Promise<SessionOutcome> {
  if (!getToken()) return { kind: 'signed-out' };
  try {
    return { kind: 'ok', user: await fetchMe() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'signed-out' };
    return { kind: 'unreachable', cachedUser: getCachedUser() };
  }
}
