import type { AccountDeletion } from '@common/contract/users';
import { mayDeleteAccount } from '@common/rules/users';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { AccessEnded } from '../users/access-ended';
import { deleteAccountTokens } from '../users/account-tokens.repository';
import { verifyPassword } from '../users/passwords';
import { deleteUserSessions } from '../users/sessions.repository';
import { findUserByIdForUpdate } from '../users/users.repository';
import {
  eraseAccountRow,
  eraseTracesOf,
  lockSuperAdmins,
  recordDeletion,
} from './account-erasure.repository';

/**
 * A member leaves the club (GDPR art. 17; docs/rules.md#members-in-and-out), in the
 * caller's one transaction: every way in ends (sessions, pending links, then through onAccessEnded the
 * calendar feed, push devices and the upcoming places, released with promotion as a revocation's are),
 * then what said who they were is erased and an audit row records the deletion. The member deleting
 * themself proves it with their password; an admin needs none. The picture files go after the commit.
 */
export async function deleteAccount(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  id: string,
  request: AccountDeletion,
  onAccessEnded: AccessEnded,
): Promise<void> {
  const target = await findUserByIdForUpdate(trx, id);
  if (!target || target.deleted_at) throw new HttpError(404, 'not_found', 'id');
  if (!mayDeleteAccount(actor, target)) throw new HttpError(403, 'forbidden');
  if (actor.id === target.id) {
    const password = request.password ?? '';
    if (!(await verifyPassword(target.password_hash, password))) {
      throw new HttpError(403, 'password_incorrect', 'password');
    }
  }
  if (target.role_name === 'SuperAdmin') {
    const superAdmins = await lockSuperAdmins(trx);
    if (superAdmins.filter((other) => other !== target.id).length === 0) {
      throw new HttpError(409, 'last_superadmin');
    }
  }
  const now = deps.now();
  await deleteUserSessions(trx, id);
  await deleteAccountTokens(trx, id);
  await onAccessEnded(trx, id, 'deleted');
  await eraseTracesOf(trx, target);
  await eraseAccountRow(trx, id, now);
  await recordDeletion(trx, actor.id, id, now);
}
