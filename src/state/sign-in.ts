/**
 * Signing in: the account call, then the session begins (session.ts). Beside sign-out.ts: session.ts keeps
 * what every start runs (the stored session, its check, a session lost), these what a form or a button does.
 */
import type { User } from '@common/contract/user';
import { setToken } from '../data/core/session-storage';
import { beginSession } from './session';

const accountCalls = () => import('../data/users');

/** Signs in; a refusal is thrown to the caller as an ApiError (the session is untouched). */
export async function signIn(usernameOrEmail: string, password: string): Promise<User> {
  const { login } = await accountCalls();
  const answer = await login({ username_or_email: usernameOrEmail, password });
  // Writing the token is what other open tabs see, through their `storage` event.
  setToken(answer.token);
  beginSession(answer.token, answer.user);
  return answer.user;
}
