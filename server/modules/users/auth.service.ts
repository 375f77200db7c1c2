import type { LoginRequest, LoginResponse } from '../../../src/common/contract/user';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { verifyPassword } from './passwords';
import { deleteSession, findSessionWithUser, insertSession, touchSession } from './sessions.repository';
import { hashToken, newToken } from './tokens';
import { isLockActive, toUser } from './user-mapper';
import { findUserByIdForUpdate, findUserByLogin, updateUser } from './users.repository';

export const MAX_FAILED_ATTEMPTS = 5;
export const FIRST_LOCK_MS = 15 * 60_000;
export const SESSION_IDLE_MS = 30 * 24 * 3_600_000;
/** last_used_at is written at most this often, so reads do not turn every request into a write. */
export const SESSION_TOUCH_MS = 3_600_000;

export async function login(deps: AppDeps, request: LoginRequest): Promise<LoginResponse> {
  const row = await findUserByLogin(deps.db, request.username_or_email);
  const isPasswordRight = await verifyPassword(row?.password_hash ?? null, request.password);
  if (!row || !isPasswordRight) {
    if (row) await recordFailedLogin(deps, row.id);
    throw new HttpError(401, 'invalid_credentials');
  }
  // Account states are told only to someone who knows the password, so they reveal nothing to a guesser.
  const now = deps.now();
  if (row.is_revoked) throw new HttpError(403, 'account_revoked');
  if (row.confirmed_at === null) throw new HttpError(403, 'account_not_confirmed');
  if (isLockActive(row, now)) throw new HttpError(403, 'account_locked');

  const token = newToken();
  const user = await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, row.id, {
      connection_attempt: 0,
      is_locked: false,
      locked_until: null,
      lock_count: 0,
    });
    await insertSession(trx, hashToken(token), row.id, now);
    return {
      ...row,
      connection_attempt: 0,
      is_locked: false,
      locked_until: null,
      lock_count: 0,
    } satisfies UserRow;
  });
  return { token, user: toUser(user, now) };
}

/**
 * Counts a failure; the fifth locks the account for 15 minutes, doubling with each further lock.
 * Failures during an active lock neither count nor extend it. Existing sessions are never touched.
 */
async function recordFailedLogin(deps: AppDeps, userId: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findUserByIdForUpdate(trx, userId);
    if (!row || isLockActive(row, now)) return;
    const attempts = (row.is_locked ? 0 : row.connection_attempt) + 1;
    if (attempts >= MAX_FAILED_ATTEMPTS) {
      await updateUser(trx, userId, {
        connection_attempt: attempts,
        is_locked: true,
        locked_until: new Date(now.getTime() + FIRST_LOCK_MS * 2 ** row.lock_count),
        lock_count: row.lock_count + 1,
      });
    } else {
      await updateUser(trx, userId, { connection_attempt: attempts, is_locked: false, locked_until: null });
    }
  });
}

/** The signed-in user behind a bearer token, or null when the token is unknown, expired or revoked. */
export async function resolveSession(
  deps: AppDeps,
  token: string,
): Promise<{ user: UserRow; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const found = await findSessionWithUser(deps.db, tokenHash);
  if (!found) return null;
  const now = deps.now();
  const idleMs = now.getTime() - found.session.last_used_at.getTime();
  if (idleMs > SESSION_IDLE_MS || found.user.is_revoked) {
    await deleteSession(deps.db, tokenHash);
    return null;
  }
  if (idleMs > SESSION_TOUCH_MS) await touchSession(deps.db, tokenHash, now);
  return { user: found.user, tokenHash };
}

export function logout(deps: AppDeps, tokenHash: string): Promise<void> {
  return deleteSession(deps.db, tokenHash);
}
