import type { AppDeps } from '../../app-deps';
import { type JobLog, runAfterAnswer } from '../../background';
import { HttpError } from '../../http-error';
import { runWrite } from '../../writes/run-write';
import { verifyPassword } from './passwords';
import { mailLockNotice } from './reset-links.service';
import { afterFailure, CLEARED_FAILURES } from './sign-in-lock';
import { isLockActive } from './user-mapper';
import { findUserById, findUserByIdForUpdate, updateUser } from './users.repository';

type PromptOutcome =
  | { isConfirmed: true }
  | { isConfirmed: false; wasLocked: boolean; newLockUntil: Date | null };

/**
 * A signed-in member types their own password again before a change that could hand the account to
 * someone else: a new email, a new password, a deletion (docs/rules.md#accounts-and-sessions). A guess here
 * counts toward the sign-in lock as a failed sign-in does, or a stolen session could try passwords without
 * end. A wrong password is 403 `password_incorrect`; while the account is locked every prompt is 401
 * `invalid_credentials` and counts, whatever was typed. A right one starts the count again.
 *
 * Runs before the change's own transaction and commits on its own, so a refusal's count is kept while the
 * change rolls back; the change then locks the row itself.
 */
export async function confirmOwnPassword(
  deps: AppDeps,
  userId: string,
  password: string,
  log: JobLog,
): Promise<void> {
  const found = await findUserById(deps.db, userId);
  // Verified before the row is locked, as a sign-in does: argon2 takes a while, and nothing should wait on it.
  const isPasswordRight = await verifyPassword(found?.password_hash ?? null, password);
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<PromptOutcome> => {
    const row = await findUserByIdForUpdate(trx, userId);
    if (!row) throw new HttpError(404, 'not_found', 'id');
    const wasLocked = isLockActive(row, now);
    if (isPasswordRight && !wasLocked) {
      if (row.connection_attempt !== 0 || row.lock_count !== 0)
        await updateUser(trx, row.id, CLEARED_FAILURES);
      return { isConfirmed: true };
    }
    const next = afterFailure(row, now);
    await updateUser(trx, row.id, next);
    return {
      isConfirmed: false,
      wasLocked,
      newLockUntil: next.lock_count > row.lock_count ? next.locked_until : null,
    };
  });
  if (outcome.isConfirmed) return;
  const { newLockUntil } = outcome;
  if (newLockUntil) {
    runAfterAnswer('lock notice', log, () =>
      runWrite(deps, (trx) => mailLockNotice(deps, trx, userId, newLockUntil)),
    );
  }
  if (outcome.wasLocked) throw new HttpError(401, 'invalid_credentials', 'password');
  throw new HttpError(403, 'password_incorrect', 'password');
}
