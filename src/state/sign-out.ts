/**
 * Signing out, and an account gone: the session ends here at once (session.ts) and this device stops getting
 * the member's pushes. Only the sign-out and profile screens, lazy chunks, end a session this way, so this
 * code is not in the bundle every start downloads.
 */
import { getToken } from '../data/core/session-storage';
import { endLocally } from './session';

const accountCalls = () => import('../data/users');
const pushCalls = () => import('../data/push');

/** Ends the session here at once, and on the server when it can be reached (offline, only here). */
export async function signOut(): Promise<void> {
  const token = getToken();
  await endLocally();
  if (!token) return;
  // This device stops getting the member's pushes; the server is told before the logout ends the token.
  const push = await pushCalls();
  const endpoint = await push.unsubscribeHere();
  if (endpoint) await push.forgetOnServer(endpoint, token);
  await (await accountCalls()).logout(token).catch(() => undefined);
}

/** The account is gone (the member deleted it): its session ends here; the server was told. */
export async function endDeletedSession(): Promise<void> {
  await endLocally();
  void pushCalls().then((push) => push.unsubscribeHere());
}
