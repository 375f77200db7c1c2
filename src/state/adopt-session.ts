/**
 * The session the server opened for a password set through an invitation or reset link, begun here as a
 * sign-in's would be, on whichever device opened the link (docs/rules.md#accounts-and-sessions). Its own
 * module, out of session.ts: only the password screen, a later chunk, uses it.
 */
import type { User } from '@common/contract/user';
import { setCachedUser, setToken } from '../data/core/session-storage';
import { confirmSession, useSession } from './session';
import { signOut } from './sign-out';

/** Someone else signed in on this device is signed out first (their pending writes stay in the outbox). */
export async function adoptSession(token: string, user: User): Promise<void> {
  const current = useSession.getState().user;
  if (current && current.id !== user.id) await signOut();
  // Writing the token is what other open tabs see; the cached user lets the session begin at once.
  setToken(token);
  setCachedUser(user);
  await confirmSession();
}
