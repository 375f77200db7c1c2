import type { TestMailResponse } from '@common/contract/email-settings';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { UserRow } from '../../db/schema';
import { HttpError, TooManyRequestsError } from '../../http-error';
import { lastQueuedAt } from '../../mail/mail-queue.repository';
import { describeInstant } from '../../mail/templates';
import { notify } from '../notifications/notify';
import { findUserByIdForUpdate } from './users.repository';

/** At most one test mail per Admin a minute (docs/rules.md#mails): a click is a mail. */
export const TEST_MAIL_SPACING_MS = 60_000;

/**
 * « Envoyer un mail de test » (docs/rules.md#mails): one mail to the Admin's own address, queued like every other
 * (the club's sender, its mail server, its retries), sent before the notifications since the Admin waits for it,
 * and tried even when the address is marked as bouncing. The Admin's row is locked, so two clicks at once make one
 * mail; another within a minute is 429 `too_many_requests` with Retry-After.
 */
export async function sendTestMail(
  deps: AppDeps,
  trx: AppDeps['db'],
  actor: UserRow,
): Promise<TestMailResponse> {
  const admin = await findUserByIdForUpdate(trx, actor.id);
  if (!admin?.email) throw new HttpError(409, 'conflict');
  const now = deps.now();
  const last = await lastQueuedAt(trx, 'email_test', admin.email);
  const wait = last ? last.getTime() + TEST_MAIL_SPACING_MS - now.getTime() : 0;
  if (wait > 0) throw new TooManyRequestsError(Math.ceil(wait / 1000));
  await notify(deps, trx, 'email_test', [admin], (recipient) => ({
    when: describeInstant(now, recipient.language, currentClub().timezone),
  }));
  return { to: admin.email };
}
