import type { User } from '@common/contract/user';
import { ageOn } from '@common/rules/family';
import { mayChangeRole } from '@common/rules/users';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { fullName } from '../../mail/display-name';
import { notify } from '../notifications/notify';
import { childLoginAge } from '../settings/club-settings';
import { replaceAccountToken } from '../users/account-tokens.repository';
import { CONFIRM_TTL_MS } from '../users/accounts.service';
import { hashToken, newToken } from '../users/tokens';
import { toUser } from '../users/user-mapper';
import { findUserByEmail, findUserByIdForUpdate, updateUser } from '../users/users.repository';
import { clubToday, memberActedFor } from './acting-for.service';

/**
 * `PUT /api/user/email/{id}` on an account with no email, a child without a login (docs/rules.md#families):
 * an Admin, or an unrestricted guardian of a minor at least `child_login_age` years old, gives it this address;
 * the invitation (`/confirm/{token}`, 7 days) goes there, and the child chooses its password as any invited
 * member does. Answers undefined for an account that has an email: the ordinary email change applies.
 */
export async function giveChildLogin(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  childId: string,
  email: string,
): Promise<User | undefined> {
  const child = await findUserByIdForUpdate(trx, childId);
  if (!child || child.deleted_at || child.email !== null) return undefined;
  if (!mayChangeRole(actor, child)) {
    await memberActedFor(deps, trx, actor, child.id, 'profile', 'id');
    const age = child.birth_date === null ? 0 : ageOn(child.birth_date, clubToday(deps));
    if (age < (await childLoginAge(trx))) throw new HttpError(403, 'forbidden', 'id');
  }
  if (await findUserByEmail(trx, email)) throw new HttpError(409, 'email_taken', 'email');
  await updateUser(trx, child.id, {
    email,
    email_bouncing: false,
    email_bouncing_since: null,
    pending_email: null,
  });
  const withEmail = { ...child, email };
  const token = newToken();
  await replaceAccountToken(trx, child.id, 'confirm', hashToken(token), deps.now(), CONFIRM_TTL_MS);
  const link = `${currentClub().publicUrl}/confirm/${token}`;
  await notify(deps, trx, 'user_invitation', [withEmail], () => ({
    username: child.username,
    link,
    byWhom: fullName(actor),
  }));
  return toUser(withEmail, deps.now());
}
