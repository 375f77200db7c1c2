import type { PasswordSetResponse, RegisterRequest, RegisterResponse } from '@common/contract/account';
import { isStrongPassword } from '@common/rules/password';
import { canGiveRole } from '@common/rules/roles';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { fullName } from '../../mail/display-name';
import { notify } from '../notifications/notify';
import type { AccessEnded } from './access-ended';
import { claimAccountToken, deleteAccountTokens, replaceAccountToken } from './account-tokens.repository';
import { hashPassword } from './passwords';
import { deleteUserSessions, insertSession } from './sessions.repository';
import { hashToken, newToken } from './tokens';
import { toUser } from './user-mapper';
import {
  findUserByIdForUpdate,
  findUsersByUsernameOrEmail,
  insertUser,
  updateUser,
} from './users.repository';

type Db = Kysely<Database>;

export const CONFIRM_TTL_MS = 7 * 24 * 3_600_000;

/**
 * An admin invites a member: a user with no password and a single-use confirmation link valid 7 days.
 * Inviting an unconfirmed member again (same username and email) issues a new link and voids the old one,
 * so only a caller who could give that account its current role may do it: otherwise an Admin could void
 * the link of an Admin invited by a SuperAdmin (docs/rules.md#accounts-and-sessions).
 */
export async function register(
  deps: AppDeps,
  trx: Db,
  actor: Pick<UserRow, 'role_name' | 'first_name' | 'last_name'>,
  request: RegisterRequest,
): Promise<RegisterResponse> {
  const token = newToken();
  const link = `${currentClub().publicUrl}/confirm/${token}`;
  const existing = await findUsersByUsernameOrEmail(trx, request.username, request.email);
  const sameAccount = existing.find((u) => u.username === request.username && u.email === request.email);
  if (existing.length > 0 && !(sameAccount && sameAccount.confirmed_at === null && existing.length === 1)) {
    throw new HttpError(
      409,
      existing.some((u) => u.username === request.username) ? 'username_taken' : 'email_taken',
    );
  }
  if (sameAccount && !canGiveRole(actor.role_name, sameAccount.role_name)) {
    throw new HttpError(403, 'forbidden');
  }
  const user =
    sameAccount ??
    (await insertUser(trx, {
      username: request.username,
      email: request.email,
      password_hash: null,
      role_name: 'User',
      confirmed_at: null,
      // The app's clock, as the invitation's link: a resend tells the invitation's own link by it.
      created_at: deps.now(),
    }));
  await replaceAccountToken(trx, user.id, 'confirm', hashToken(token), deps.now(), CONFIRM_TTL_MS);
  // The invitation names who invited (docs/rules.md#mails).
  const queued = await notify(deps, trx, 'user_invitation', [user], () => ({
    username: user.username,
    link,
    byWhom: fullName(actor),
  }));
  // Queued means the invitation type is on; with no SMTP server it only reaches the disk log.
  const mail = queued === 0 ? 'off' : deps.config.smtpUrl === undefined ? 'logged' : 'sent';
  // The link is handed back only when no mail will carry it: otherwise it goes to the member's inbox alone.
  return {
    ...toUser(user, deps.now()),
    invitation_mail: mail,
    ...(mail === 'sent' ? {} : { confirm_url: link }),
  };
}

/**
 * The policy check and the argon2 hash, done before the write's transaction opens: hashing takes a
 * while, and no transaction (nor, on PGlite, the one connection) should wait on it.
 */
export async function strongPasswordHash(password: string): Promise<string> {
  if (!isStrongPassword(password)) throw new HttpError(400, 'password_too_weak', 'password');
  return hashPassword(password);
}

/**
 * A session opened for the member who just set a password through a link, exactly as a sign-in opens one
 * (same table, same lifetime): the app signs them in with it rather than asking for the password again,
 * on whichever device opened the link (docs/rules.md#accounts-and-sessions). A revoked account gets none.
 */
async function signInAfterPasswordSet(deps: AppDeps, trx: Db, userId: string): Promise<PasswordSetResponse> {
  const row = await findUserByIdForUpdate(trx, userId);
  if (!row || row.is_revoked) return { ok: true };
  const token = newToken();
  await insertSession(trx, hashToken(token), row.id, deps.now());
  return { ok: true, token, user: toUser(row, deps.now()) };
}

/** Sets the first password through the invitation link; the link works once, and signs the member in. */
export async function confirmAccount(
  deps: AppDeps,
  trx: Db,
  token: string,
  passwordHash: string,
): Promise<PasswordSetResponse> {
  const userId = await claimAccountToken(trx, hashToken(token), 'confirm', deps.now());
  if (!userId) throw new HttpError(400, 'token_invalid');
  await updateUser(trx, userId, { password_hash: passwordHash, confirmed_at: deps.now() });
  return signInAfterPasswordSet(deps, trx, userId);
}

/**
 * `{Reset}`: sets the password through the reset link, lifts any lock, ends every session and what else
 * the old password may have opened (the calendar feed, push devices: onAccessEnded), and every pending
 * link, a new address waiting for confirmation included: whoever knew the old password may have asked for it.
 * Then one new session, the link's holder's, as a sign-in would open.
 */
export async function resetWithToken(
  deps: AppDeps,
  trx: Db,
  token: string,
  passwordHash: string,
  onAccessEnded: AccessEnded,
): Promise<PasswordSetResponse> {
  const now = deps.now();
  const userId = await claimAccountToken(trx, hashToken(token), 'reset', now);
  if (!userId) throw new HttpError(400, 'token_invalid');
  const user = await findUserByIdForUpdate(trx, userId);
  await updateUser(trx, userId, {
    password_hash: passwordHash,
    confirmed_at: user?.confirmed_at ?? now,
    connection_attempt: 0,
    is_locked: false,
    locked_until: null,
    lock_count: 0,
    pending_email: null,
  });
  await deleteAccountTokens(trx, userId);
  await deleteUserSessions(trx, userId);
  await onAccessEnded(trx, userId, 'password_reset');
  return signInAfterPasswordSet(deps, trx, userId);
}
