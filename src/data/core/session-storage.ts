import { type User, userSchema } from '../../common/contract/user';

// The token lives in localStorage (product-spec §4): writing or removing it is what other tabs see
// through the `storage` event. The cached user lets an offline reload render without the server.
export const TOKEN_KEY = 'token';
export const CACHED_USER_KEY = 'currentUser';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function getCachedUser(): User | null {
  const raw = localStorage.getItem(CACHED_USER_KEY);
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function setCachedUser(user: User): void {
  localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(CACHED_USER_KEY);
}
