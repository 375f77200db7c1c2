import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { describeInstant } from '../../mail/templates';
import { notify } from '../notifications/notify';
import { findLatestTokenIssuedAt, replaceAccountToken } from './account-tokens.repository';
import { hashToken, newToken } from './tokens';
import { isLockActive } from './user-mapper';
import { findUserByEmailForUpdate, findUserByIdForUpdate } from './users.repository';

type Db = Kysely<Database>;

export const RESET_TTL_MS = 3_600_000;
/** At most one mail with a reset link per account in this time (docs/rules.md#accounts-and-sessions). */
export const RESET_MAIL_INTERVAL_MS = 5 * 60_000;

/**
 * Queues a mail carrying a fresh `/reset?token=…` link (`queue` answers how many mails it queued) and
 * stores the token only when the mail was queued: an account the notification rules leave out (revoked,
 * or unconfirmed for a lock) gets no live link, and its earlier link is not voided. A stored token voids
 * the earlier reset link, so the newest mail's link is the one that works.
 */
async function mailResetLink(
  deps: AppDeps,
  trx: Db,
  userId: string,
  queue: (link: string) => Promise<number>,
): Promise<void> {
  const token = newToken();
  const queued = await queue(`${currentClub().publicUrl}/reset?token=${token}`);
  if (queued > 0) await replaceAccountToken(trx, userId, 'reset', hashToken(token), deps.now(), RESET_TTL_MS);
}

/**
 * `{Ask}`, run after the answer (background.ts), so the answer takes the same time whether the address
 * exists or not. Sends nothing when a reset link (an Ask's or a lock's) went to the account less than 5
 * minutes ago, and that link stays valid: a stranger cannot flood a member's inbox nor keep voiding the
 * link they are about to use.
 */
export async function askReset(deps: AppDeps, trx: Db, email: string): Promise<void> {
  const user = await findUserByEmailForUpdate(trx, email);
  if (!user) return;
  const lastIssued = await findLatestTokenIssuedAt(trx, user.id, 'reset');
  if (lastIssued && deps.now().getTime() - lastIssued.getTime() < RESET_MAIL_INTERVAL_MS) return;
  await mailResetLink(deps, trx, user.id, (link) =>
    notify(deps, trx, 'password_reset', [user], () => ({ username: user.username, link })),
  );
}

/**
 * The one email of a lock (queued after the failed sign-in that started it): until when, in the club's
 * time zone and the owner's language, with a reset link (a reset lifts the lock). Nothing when this lock
 * is already over or lifted (an admin, a reset) or another one has started; never to a revoked or
 * unconfirmed account (notify's rules).
 */
export async function mailLockNotice(
  deps: AppDeps,
  trx: Db,
  userId: string,
  lockedUntil: Date,
): Promise<void> {
  const user = await findUserByIdForUpdate(trx, userId);
  if (!user || !isLockActive(user, deps.now()) || user.locked_until?.getTime() !== lockedUntil.getTime())
    return;
  await mailResetLink(deps, trx, user.id, (link) =>
    notify(deps, trx, 'account_lock', [user], (recipient) => ({
      username: recipient.username,
      until: describeInstant(lockedUntil, recipient.language, currentClub().timezone),
      link,
    })),
  );
}
