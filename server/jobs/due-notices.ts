import type { AppDeps } from '../app-deps';
import { sendDueCommentMails } from '../modules/comments/comment-notices';
import { sendDueOrganiserDigests } from '../modules/participation/organiser-digest';
import { sendDueSubscriptionNotices } from '../modules/participation/subscription-notices';

/**
 * What the mail worker writes into its queue before each round, in the club of that round: the coalesced
 * subscription notices (docs/rules.md#subscriptions) and the comment mails, at most one an hour per member and
 * event, and the organisers' digest of subscription changes (docs/rules.md#talking-around-an-event). Handed to the worker, which imports no module.
 */
export async function writeDueNotices(deps: Pick<AppDeps, 'db' | 'config' | 'now'>): Promise<void> {
  await sendDueSubscriptionNotices(deps);
  await sendDueCommentMails(deps);
  await sendDueOrganiserDigests(deps);
}
