import type { RegisterRequest, RegisterResponse, ResetRequest } from '../../../src/common/contract/account';
import { isStrongPassword } from '../../../src/common/rules/password';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http-error';
import { notify } from '../notifications/notify';
import { claimAccountToken, deleteAccountTokens, replaceAccountToken } from './account-tokens.repository';
import { hashPassword } from './passwords';
import { deleteUserSessions } from './sessions.repository';
import { hashToken, newToken } from './tokens';
import { toUser } from './user-mapper';
import {
  findUserByEmail,
  findUserByIdForUpdate,
  findUsersByUsernameOrEmail,
  insertUser,
  updateUser,
} from './users.repository';

const CONFIRM_TTL_MS = 7 * 24 * 3_600_000;
const RESET_TTL_MS = 3_600_000;

/**
 * An admin invites a member: a user with no password and a single-use confirmation link valid 7 days.
 * Inviting an unconfirmed member again (same username and email) issues a new link and voids the old one.
 */
export async function register(deps: AppDeps, request: RegisterRequest): Promise<RegisterResponse> {
  const token = newToken();
  const link = `${deps.config.publicUrl}/confirm/${token}`;
  const { user, isLinkMailed } = await deps.db.transaction().execute(async (trx) => {
    const existing = await findUsersByUsernameOrEmail(trx, request.username, request.email);
    const sameAccount = existing.find((u) => u.username === request.username && u.email === request.email);
    if (existing.length > 0 && !(sameAccount && sameAccount.confirmed_at === null && existing.length === 1)) {
      throw new HttpError(
        409,
        existing.some((u) => u.username === request.username) ? 'username_taken' : 'email_taken',
      );
    }
    const row =
      sameAccount ??
      (await insertUser(trx, {
        username: request.username,
        email: request.email,
        password_hash: null,
        role_name: 'User',
        confirmed_at: null,
      }));
    await replaceAccountToken(trx, row.id, 'confirm', hashToken(token), deps.now(), CONFIRM_TTL_MS);
    const queued = await notify(deps, trx, 'user_invitation', [row], () => ({
      username: row.username,
      link,
    }));
    // Queued means the invitation type is on; with no SMTP server it only reaches the disk log.
    return { user: row, isLinkMailed: queued > 0 && deps.config.smtpUrl !== undefined };
  });
  deps.mail.kick();
  // The link is handed back only when no mail will carry it: otherwise it goes to the member's inbox alone.
  return { ...toUser(user, deps.now()), ...(isLinkMailed ? {} : { confirm_url: link }) };
}

function assertStrong(password: string): void {
  if (!isStrongPassword(password)) throw new HttpError(400, 'password_too_weak', 'password');
}

/** Sets the first password through the invitation link; the link works once. */
export async function confirmAccount(deps: AppDeps, token: string, password: string): Promise<void> {
  assertStrong(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    const userId = await claimAccountToken(trx, hashToken(token), 'confirm', deps.now());
    if (!userId) throw new HttpError(400, 'token_invalid');
    await updateUser(trx, userId, { password_hash: passwordHash, confirmed_at: deps.now() });
  });
}

/** `{Ask}` always answers alike (no account enumeration); `{Reset}` sets the password and ends every session. */
export async function resetPassword(deps: AppDeps, request: ResetRequest): Promise<void> {
  if (request.Ask) return askReset(deps, request.Ask.email);
  if (!request.Reset) throw new HttpError(400, 'invalid_input', 'Ask');
  const { token, password } = request.Reset;
  assertStrong(password);
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
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
    });
    await deleteAccountTokens(trx, userId);
    await deleteUserSessions(trx, userId);
  });
}

async function askReset(deps: AppDeps, email: string): Promise<void> {
  const token = newToken();
  const link = `${deps.config.publicUrl}/reset?token=${token}`;
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user || user.is_revoked) return;
    await replaceAccountToken(trx, user.id, 'reset', hashToken(token), deps.now(), RESET_TTL_MS);
    await notify(deps, trx, 'password_reset', [user], () => ({ username: user.username, link }));
  });
  deps.mail.kick();
}
