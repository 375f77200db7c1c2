import type { User } from '@common/contract/user';
import type { EmailChange } from '@common/contract/users';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { assertSelfOrAdminOver } from './permissions';
import { toUser } from './user-mapper';
import { findUserByEmail, findUserByIdForUpdate, updateUser } from './users.repository';

/**
 * A new address for an account (docs/rules.md#accounts-and-sessions: changing the email clears the mark).
 * Who may edit the profile may change it; the member themself has confirmed their password at the route
 * (confirmOwnPassword), since the address is where a password reset goes. The address must be no one else's (409 `email_taken`).
 */
export async function changeEmail(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  id: string,
  change: EmailChange,
): Promise<User> {
  const target = await findUserByIdForUpdate(trx, id);
  if (!target || target.deleted_at) throw new HttpError(404, 'not_found', 'id');
  assertSelfOrAdminOver(actor, target);
  const owner = await findUserByEmail(trx, change.email);
  if (owner && owner.id !== id) throw new HttpError(409, 'email_taken', 'email');
  const changes = { email: change.email, email_bouncing: false };
  await updateUser(trx, id, changes);
  return toUser({ ...target, ...changes }, deps.now());
}
