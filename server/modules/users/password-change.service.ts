import type { PasswordChange } from '@common/contract/users';
import { isStrongPassword } from '@common/rules/password';
import type { AppDeps } from '../../app-deps';
import type { JobLog } from '../../background';
import { HttpError } from '../../http-error';
import { runWrite } from '../../writes/run-write';
import { confirmOwnPassword } from './password-prompt.service';
import { hashPassword } from './passwords';
import { deleteOtherSessions } from './sessions.repository';
import { updateUser } from './users.repository';

/**
 * A signed-in member changes their own password (docs/rules.md#accounts-and-sessions): nobody else may, an
 * admin included (403), since a password set by someone else is an account taken over. The current password
 * is typed again and counts toward the lock; the new one meets the reset's policy. Every other session ends
 * (a thief's included), the one that asked stays.
 */
export async function changeOwnPassword(
  deps: AppDeps,
  actorId: string,
  id: string,
  change: PasswordChange,
  keepTokenHash: string,
  log: JobLog,
): Promise<void> {
  if (actorId !== id) throw new HttpError(403, 'forbidden');
  // Before the prompt: a weak new password is a typing matter, not a guess worth counting.
  if (!isStrongPassword(change.new_password)) throw new HttpError(400, 'password_too_weak', 'new_password');
  await confirmOwnPassword(deps, actorId, change.password, log);
  const passwordHash = await hashPassword(change.new_password);
  await runWrite(deps, async (trx) => {
    await updateUser(trx, id, { password_hash: passwordHash });
    await deleteOtherSessions(trx, id, keepTokenHash);
  });
}
