import type { LoginRequest, LoginResponse } from '@common/contract/user';
import { clubDayOf } from '@common/rules/club-time';
import { isMinorOn } from '@common/rules/family';
import type { AppDeps } from '../../app-deps';
import { type JobLog, runAfterAnswer } from '../../background';
import { currentClub } from '../../db/club-scope/current-club';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { AuthContext } from '../../plugins/auth';
import { runWrite } from '../../writes/run-write';
import { verifyPassword } from './passwords';
import { mailLockNotice } from './reset-links.service';
import { findSessionKept } from './session-memo';
import { deleteSession, insertSession, touchSession } from './sessions.repository';
import { afterFailure, CLEARED_FAILURES } from './sign-in-lock';
import { hashToken, newToken } from './tokens';
import { isLockActive, toUser } from './user-mapper';
import {
  findUserByIdForUpdate,
  findUserByLogin,
  lockSignInDecoy,
  updateSignInDecoy,
  updateUser,
} from './users.repository';

export const SESSION_IDLE_MS = 30 * 24 * 3_600_000;
/** last_used_at is written at most this often, so reads do not turn every request into a write. */
export const SESSION_TOUCH_MS = 3_600_000;

type Outcome =
  | { signedIn: UserRow }
  | { refused: 'account_revoked' | 'account_not_confirmed' }
  | { lockedUntil: Date | null };

/**
 * Sign-in (docs/rules.md#accounts-and-sessions). An unknown name, a wrong password, or any password on a locked account
 * all answer the same 401 `invalid_credentials` after the same work: one argon2 verification and one transaction that
 * locks and updates one row (the account's, or for an unknown name a decoy row of the same shape). So neither the
 * answer nor its time tells a guesser whether the name exists, or whether a guess on a locked account was right.
 * Account states (revoked, unconfirmed) are told only after the right password on an unlocked account. The lock's email
 * is queued to run after the answer, so the failure that starts a lock takes no longer than any other. Existing
 * sessions are never touched.
 */
export async function login(deps: AppDeps, request: LoginRequest, log: JobLog): Promise<LoginResponse> {
  const found = await findUserByLogin(deps.db, request.username_or_email);
  const isPasswordRight = await verifyPassword(found?.password_hash ?? null, request.password);
  const now = deps.now();
  const token = newToken();
  // Not through runWrite: a failure commits its count while the answer is a refusal, and queues no mail.
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    // Read again under the row lock: a lock started by a concurrent failure is seen, and failures count in
    // turn. An unknown name locks the decoy row instead, which is no account.
    const locked = found ? await findUserByIdForUpdate(trx, found.id) : await lockSignInDecoy(trx);
    const row = found ? locked : undefined;
    if (row && isPasswordRight && !isLockActive(row, now)) {
      if (row.is_revoked) return { refused: 'account_revoked' };
      if (row.confirmed_at === null) return { refused: 'account_not_confirmed' };
      await updateUser(trx, row.id, CLEARED_FAILURES);
      await insertSession(trx, hashToken(token), row.id, now);
      return { signedIn: { ...row, ...CLEARED_FAILURES } };
    }
    const next = afterFailure(row, now);
    if (row) await updateUser(trx, row.id, next);
    else await updateSignInDecoy(trx, next);
    const isNewLock = row !== undefined && next.lock_count > row.lock_count;
    return { lockedUntil: isNewLock ? next.locked_until : null };
  });
  if ('signedIn' in outcome) return { token, user: toUser(outcome.signedIn, now) };
  if ('refused' in outcome) throw new HttpError(403, outcome.refused);
  const { lockedUntil } = outcome;
  const userId = found?.id;
  if (lockedUntil && userId) {
    runAfterAnswer('lock notice', log, () =>
      runWrite(deps, (trx) => mailLockNotice(deps, trx, userId, lockedUntil)),
    );
  }
  throw new HttpError(401, 'invalid_credentials');
}

/** The signed-in user behind a bearer token, or null when the token is unknown, expired or revoked. */
export async function resolveSession(deps: AppDeps, token: string): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const found = await findSessionKept(deps.db, tokenHash);
  if (!found) return null;
  const now = deps.now();
  const idleMs = now.getTime() - found.session.last_used_at.getTime();
  if (idleMs > SESSION_IDLE_MS || found.user.is_revoked) {
    await deleteSession(deps.db, tokenHash);
    return null;
  }
  if (idleMs > SESSION_TOUCH_MS) await touchSession(deps.db, tokenHash, now);
  const links = found.childLinks;
  // The club's day costs a time zone conversion: worked out only for an account that guards a child.
  const today = links.length > 0 ? clubDayOf(now, currentClub().timezone) : '';
  return {
    user: found.user,
    tokenHash,
    dataVersion: found.dataVersion,
    ownChildIds: links.filter((c) => !c.isRestricted && isMinorOn(c.birthDate, today)).map((c) => c.id),
    hiddenChildIds: links.filter((c) => c.isRestricted).map((c) => c.id),
  };
}

export function logout(deps: AppDeps, tokenHash: string): Promise<void> {
  return deleteSession(deps.db, tokenHash);
}
