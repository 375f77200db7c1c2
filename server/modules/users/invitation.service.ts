import type { InvitationResent } from '@common/contract/invitation';
import { mayChangeRole, mayResendInvitation } from '@common/rules/users';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { UserRow } from '../../db/schema';
import { HttpError, TooManyRequestsError } from '../../http-error';
import { notify } from '../notifications/notify';
import { findLatestTokenIssuedAt, replaceAccountToken } from './account-tokens.repository';
import { CONFIRM_TTL_MS } from './accounts.service';
import { hashToken, newToken } from './tokens';
import { adminFacts, toUser } from './user-mapper';
import { findUserByIdForUpdate } from './users.repository';

/**
 * After the first resend, at most one invitation mail per account in this time (docs/rules.md#accounts-and-sessions),
 * as for resets.
 */
export const INVITATION_RESEND_SPACING_MS = 5 * 60_000;

/**
 * « Renvoyer l'invitation » (docs/rules.md#accounts-and-sessions): a new single-use link, valid 7 days, voids the
 * account's earlier one, and the invitation mail is queued again. Only for an account never confirmed, with an
 * address, not revoked, by an Admin who may also change its role (mayResendInvitation, the rule the screen
 * shows the button with). The account's row is locked, so two Admins clicking at once send one mail. The first
 * resend may follow the invitation at once (a member often says straight away that nothing came); after that, a
 * request within five minutes of the last link is 429 `too_many_requests`, and that link stays valid.
 */
export async function resendInvitation(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
  id: string,
): Promise<InvitationResent> {
  const target = await findUserByIdForUpdate(trx, id);
  if (!target || target.deleted_at) throw new HttpError(404, 'not_found');
  if (!mayChangeRole(actor, target)) throw new HttpError(403, 'forbidden');
  if (target.is_revoked) throw new HttpError(409, 'account_revoked');
  const account = { ...target, is_confirmed: target.confirmed_at !== null };
  if (!mayResendInvitation(actor, account) || target.email === null) {
    throw new HttpError(409, 'invitation_not_pending');
  }
  const now = deps.now();
  const last = await findLatestTokenIssuedAt(trx, id, 'confirm');
  // The link made with the account is the invitation itself, not a resend: the first resend is not held back.
  const isFirstLink = last !== undefined && last.getTime() - target.created_at.getTime() < 1_000;
  const wait = last && !isFirstLink ? last.getTime() + INVITATION_RESEND_SPACING_MS - now.getTime() : 0;
  if (wait > 0) throw new TooManyRequestsError(Math.ceil(wait / 1000));

  const token = newToken();
  const link = `${currentClub().publicUrl}/confirm/${token}`;
  await replaceAccountToken(trx, id, 'confirm', hashToken(token), now, CONFIRM_TTL_MS);
  const queued = await notify(deps, trx, 'user_invitation', [target], () => ({
    username: target.username,
    link,
    // Who invites again is named, as in the first invitation: their names, none when they gave none.
    byWhom: [actor.first_name, actor.last_name].filter(Boolean).join(' ').trim() || null,
  }));
  // As the first invitation (register): the link comes back only when no mail will carry it.
  const mail = queued === 0 ? 'off' : deps.config.smtpUrl === undefined ? 'logged' : 'sent';
  return {
    ...toUser(target, now),
    ...adminFacts(target, now),
    invitation_mail: mail,
    ...(mail === 'sent' ? {} : { confirm_url: link }),
  };
}
