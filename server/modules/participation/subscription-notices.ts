import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { describeEvent } from '../../mail/templates';
import { eventName } from '../events/event-name';
import { findEvent } from '../events/events.repository';
import { bookedKitNames } from '../kit/kit-names.repository';
import { notify } from '../notifications/notify';
import { findUserById } from '../users/users.repository';
import {
  insertNotice,
  lockDueNotices,
  lockNotice,
  type NoticeRow,
  updateNotice,
} from './subscription-notices.repository';

type Db = Kysely<Database>;
type NoticeDeps = Pick<AppDeps, 'config' | 'now' | 'db'>;

/**
 * Subscription-change mails, coalesced (docs/rules.md#subscriptions): a change does not write a mail, it moves the
 * member's notice for that event. The notice is due GRACE after the first change of a burst, and
 * never sooner than SPACING after the last one sent; when due it tells the final state, or nothing when
 * that state is the one last told (subscribed then unsubscribed: no mail). Toggling for a quarter of an
 * hour thus makes at most one mail to the member.
 */
export const NOTICE_GRACE_MS = 2 * 60_000;
export const NOTICE_SPACING_MS = 10 * 60_000;

/** In the change's own transaction, with the event row locked (so one member's changes to it queue up). */
export async function noteSubscriptionChange(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  eventUuid: string,
  userId: string,
  isSubscribed: boolean,
): Promise<void> {
  const now = deps.now().getTime();
  const notice = await lockNotice(db, userId, eventUuid);
  if (!notice) {
    await insertNotice(db, {
      user_id: userId,
      event_uuid: eventUuid,
      told_subscribed: !isSubscribed,
      is_subscribed: isSubscribed,
      due_at: new Date(now + NOTICE_GRACE_MS),
      last_sent_at: null,
    });
    return;
  }
  const dueAt =
    notice.due_at ??
    new Date(Math.max(now + NOTICE_GRACE_MS, (notice.last_sent_at?.getTime() ?? 0) + NOTICE_SPACING_MS));
  await updateNotice(db, notice, { is_subscribed: isSubscribed, due_at: dueAt });
}

/**
 * Writes the due notices to the mail queue (run before each round of the mail worker); answers how many
 * told something. One transaction: a notice is marked told with its mail queued, or neither.
 */
export async function sendDueSubscriptionNotices(deps: NoticeDeps, limit = 100): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    let told = 0;
    for (const notice of await lockDueNotices(trx, now, limit)) {
      if (notice.is_subscribed === notice.told_subscribed) {
        await updateNotice(trx, notice, { due_at: null });
        continue;
      }
      await tell(deps, trx, notice);
      await updateNotice(trx, notice, {
        told_subscribed: notice.is_subscribed,
        last_sent_at: now,
        due_at: null,
      });
      told++;
    }
    return told;
  });
}

async function tell(deps: NoticeDeps, db: Db, notice: NoticeRow): Promise<void> {
  const [event, member] = await Promise.all([
    findEvent(db, notice.event_uuid),
    findUserById(db, notice.user_id),
  ]);
  if (event && member) await tellSubscription(deps, db, event, member, notice.is_subscribed);
}

/**
 * The member gets a confirmation, listing the kit they booked when subscribed (docs/rules.md#mails); a guardian's
 * copy lists the child's. The organisers hear of it in their digest instead (organiser-digest.ts,
 * docs/rules.md#talking-around-an-event), under its own switch.
 */
async function tellSubscription(
  deps: NoticeDeps,
  db: Db,
  event: EventRow,
  member: UserRow,
  isSubscribed: boolean,
): Promise<void> {
  const name = await eventName(db, event);
  const nameEvent = (r: UserRow) => describeEvent(name, event.start_date, r.language, currentClub().timezone);
  const kit = isSubscribed ? (await bookedKitNames(db, event.uuid, [member.id])).get(member.id) : undefined;
  // The member may change their mind from the mail: "not coming" once in, "coming" once out.
  await notify(
    deps,
    db,
    'subscribe_unsubscribe',
    [member],
    (r) => ({ event: nameEvent(r), member: member.username, isSubscribed, isCreatorCopy: false, kit }),
    { event, answers: () => [isSubscribed ? 'decline' : 'come'] },
  );
}
