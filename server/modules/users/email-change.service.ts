import type { User } from '@common/contract/user';
import type { EmailChange } from '@common/contract/users';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { displayName } from '../../mail/display-name';
import { describeInstant } from '../../mail/templates';
import { notify } from '../notifications/notify';
import {
  claimAccountToken,
  deleteAccountTokensOfKind,
  replaceAccountToken,
} from './account-tokens.repository';
import { assertSelfOrAdminOver } from './permissions';
import { hashToken, newToken } from './tokens';
import { toUser } from './user-mapper';
import { findUserByEmail, findUserByIdForUpdate, updateUser } from './users.repository';

/** How long the link mailed to a new address works (docs/rules.md#accounts-and-sessions). */
export const EMAIL_CONFIRM_TTL_MS = 24 * 3_600_000;

/**
 * A new address for an account (docs/rules.md#accounts-and-sessions): it waits in `pending_email` until the
 * link mailed to it is used, since that address is where a password reset would go. The address in use is
 * told at once, when and by whom. A second request voids the first link; asking for the address in use
 * withdraws the pending one. Who may edit the profile may ask; the member themself has confirmed their
 * password at the route (confirmOwnPassword). The address must be no one else's (409 `email_taken`).
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
  if (change.email === target.email) {
    await deleteAccountTokensOfKind(trx, id, 'email');
    await updateUser(trx, id, { pending_email: null });
    return toUser({ ...target, pending_email: null }, deps.now());
  }
  const owner = await findUserByEmail(trx, change.email);
  if (owner && owner.id !== id) throw new HttpError(409, 'email_taken', 'email');

  const now = deps.now();
  const token = newToken();
  await replaceAccountToken(trx, id, 'email', hashToken(token), now, EMAIL_CONFIRM_TTL_MS);
  await updateUser(trx, id, { pending_email: change.email });
  const link = `${currentClub().publicUrl}/confirm-email/${token}`;
  await notify(
    deps,
    trx,
    'email_change_confirm',
    [{ email: change.email, language: target.language, first_name: target.first_name }],
    () => ({ link }),
  );
  await notify(deps, trx, 'email_change_notice', [target], (recipient) => ({
    newEmail: change.email,
    when: describeInstant(now, recipient.language, currentClub().timezone),
    byWhom: actor.id === target.id ? null : displayName(actor),
  }));
  return toUser({ ...target, pending_email: change.email }, now);
}

/**
 * `POST /api/user/email/confirm/{token}`: the new address confirms itself, and becomes the account's
 * (clearing a bounce). Used, expired or voided links (a later request, a revocation, a deletion) are
 * 400 `token_invalid`; an address another account took meanwhile is 409 `email_taken`, and the link stays
 * unused. No session ends.
 */
export async function confirmEmailChange(deps: AppDeps, trx: AppDeps['db'], token: string): Promise<string> {
  const userId = await claimAccountToken(trx, hashToken(token), 'email', deps.now());
  const user = userId ? await findUserByIdForUpdate(trx, userId) : undefined;
  if (!user || user.deleted_at || user.is_revoked || !user.pending_email) {
    throw new HttpError(400, 'token_invalid');
  }
  const owner = await findUserByEmail(trx, user.pending_email);
  if (owner && owner.id !== user.id) throw new HttpError(409, 'email_taken', 'email');
  await updateUser(trx, user.id, {
    email: user.pending_email,
    pending_email: null,
    email_bouncing: false,
    email_bouncing_since: null,
  });
  return user.pending_email;
}
