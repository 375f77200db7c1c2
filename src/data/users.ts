/** Account calls the session module makes (sign-in, who am I, sign-out). */

import { type PasswordSetResponse, passwordSetResponseSchema } from '@common/contract/account';
import { ME_PATH } from '@common/contract/start-paths';
import {
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  type User,
  userSchema,
} from '@common/contract/user';
import { type EmailConfirmResponse, emailConfirmResponseSchema } from '@common/contract/users';
import { apiRequest } from './core/api-client';

/** Sent without a token: a refusal here is the sign-in's own error, never a lost session. */
export const login = (request: LoginRequest): Promise<LoginResponse> =>
  apiRequest('POST', '/api/user/login', { body: request, schema: loginResponseSchema, isAnonymous: true });

export const fetchMe = (): Promise<User> => apiRequest('GET', ME_PATH, { schema: userSchema });

/** Ends the server's session of this token; the token is passed in because it is already gone here. */
export const logout = (token: string): Promise<void> =>
  apiRequest('POST', '/api/user/logout', {
    isAnonymous: true,
    headers: { Authorization: `Bearer ${token}` },
  });

/** Always answered 200 by the server, whether the address exists or not. */
export const askPasswordReset = (email: string): Promise<void> =>
  apiRequest('POST', '/api/user/reset', { body: { Ask: { email } }, isAnonymous: true });

/**
 * The invitation link's first password; a used or expired link is refused with `token_invalid`. The answer
 * carries a session as a sign-in's does (docs/rules.md#accounts-and-sessions).
 */
export const confirmAccount = (token: string, password: string): Promise<PasswordSetResponse> =>
  apiRequest('POST', `/api/user/confirm/${encodeURIComponent(token)}`, {
    body: { password },
    schema: passwordSetResponseSchema,
    isAnonymous: true,
  });

/** The reset link's new password; a used or expired link is refused with `token_invalid`. Signs in too. */
export const resetPassword = (token: string, password: string): Promise<PasswordSetResponse> =>
  apiRequest('POST', '/api/user/reset', {
    body: { Reset: { token, password } },
    schema: passwordSetResponseSchema,
    isAnonymous: true,
  });

/** The link mailed to a new address; used, expired or voided is `token_invalid`, taken meanwhile `email_taken`. */
export const confirmEmailChange = (token: string): Promise<EmailConfirmResponse> =>
  apiRequest('POST', `/api/user/email/confirm/${encodeURIComponent(token)}`, {
    schema: emailConfirmResponseSchema,
    isAnonymous: true,
  });
