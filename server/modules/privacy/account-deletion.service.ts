import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { deleteLinksOf } from '../family/guardianships.repository';
import type { AccessEnded } from '../users/access-ended';
import { deleteAccountTokens } from '../users/account-tokens.repository';
import { assertMayActOnAccount } from '../users/member-access';
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
 * then what said who they were is erased and an audit row records the deletion. The actor's own password
 * was confirmed by the route (confirmOwnPassword), before this transaction. The picture files go after the commit.
 */
export async function deleteAccount(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  id: string,
  onAccessEnded: AccessEnded,
): Promise<void> {
  const target = await findUserByIdForUpdate(trx, id);
  if (!target || target.deleted_at) throw new HttpError(404, 'not_found', 'id');
  await assertMayActOnAccount(deps, trx, actor, target, 'delete', 'edit');
  if (target.role_name === 'SuperAdmin') {
    const superAdmins = await lockSuperAdmins(trx);
    if (superAdmins.filter((other) => other !== target.id).length === 0) {
      throw new HttpError(409, 'last_superadmin');
    }
  }
  const now = deps.now();
  await deleteUserSessions(trx, id);
  await deleteAccountTokens(trx, id);
  // Its family links end; a child left with no guardian stays, for the Admins to see (docs/rules.md#families).
  await deleteLinksOf(trx, id);
  await onAccessEnded(trx, id, 'deleted');
  await eraseTracesOf(trx, target);
  await eraseAccountRow(trx, id, now);
  await recordDeletion(trx, actor.id, id, now);
}
