import { FORBIDDEN_CONTROL_CHARACTER } from '@common/contract/fields';
import { LIMITS } from '@common/contract/limits';
import type { GroupMailAudience, GroupMailRequest } from '@common/contract/participation';
import { mayManageEvent } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError, TooManyRequestsError } from '../../http-error';
import { fullName } from '../../mail/display-name';
import type { MailSender } from '../../mail/mail-queue';
import { describeEvent } from '../../mail/templates';
import { notify } from '../notifications/notify';
import { ownershipOf } from './event-facts';
import { eventName } from './event-name';
import { subscribersOf, waitingUsersOf } from './event-recipients.repository';
import { findEvent } from './events.repository';
import { groupMailTimesSince, recordGroupMail } from './group-mail-log.repository';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Group emails per event in any rolling GROUP_MAIL_WINDOW_MS: each one is a message to every subscriber
 * (up to 10,000), so a loop or a stuck button would flood their inboxes and the club's SMTP quota. Five an
 * hour is far more than an organiser needs (a change of plan, a reminder, a correction) for one event.
 */
export const GROUP_MAILS_PER_WINDOW = 5;
export const GROUP_MAIL_WINDOW_MS = 3_600_000;

/**
 * Past GROUP_MAILS_PER_WINDOW in the last hour: 429 `too_many_requests`, retry when enough of them have
 * left the window for one more (the oldest; more if the cap was lowered since they were sent). Call with
 * the event row locked, so concurrent group emails of one event are counted one after the other.
 */
async function assertGroupMailAllowed(db: Kysely<Database>, eventUuid: string, now: Date): Promise<void> {
  const sent = await groupMailTimesSince(db, eventUuid, new Date(now.getTime() - GROUP_MAIL_WINDOW_MS));
  if (sent.length < GROUP_MAILS_PER_WINDOW) return;
  const freeing = sent[sent.length - GROUP_MAILS_PER_WINDOW] ?? now;
  const waitMs = freeing.getTime() + GROUP_MAIL_WINDOW_MS - now.getTime();
  throw new TooManyRequestsError(Math.max(1, Math.ceil(waitMs / 1000)));
}

/**
 * Strict base64 of valid UTF-8, trimmed, within [min, max] characters once decoded and without a forbidden
 * control character; else 400 naming the field. The request hook only sees the base64, so the decoded text
 * gets the check every text field gets (docs/rules.md#limits): a NUL in it was a 500 on PostgreSQL.
 */
function decodeText(value: string, field: string, min: number, max: number): string {
  const compact = value.replace(/\s/g, '');
  if (!BASE64.test(compact) || compact.length % 4 !== 0) throw new HttpError(400, 'invalid_input', field);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64')).trim();
  } catch {
    throw new HttpError(400, 'invalid_input', field);
  }
  if (text.length < min || text.length > max || FORBIDDEN_CONTROL_CHARACTER.test(text))
    throw new HttpError(400, 'invalid_input', field);
  return text;
}

/** Whom the organiser chose: the registered members, the waiting list, or both. */
async function audienceOf(db: Kysely<Database>, eventUuid: string, audience: GroupMailAudience) {
  const registered = audience === 'waiting_list' ? [] : await subscribersOf(db, eventUuid);
  const waiting = audience === 'registered' ? [] : await waitingUsersOf(db, eventUuid);
  return [...registered, ...waiting];
}

/**
 * The organiser as the mail shows them: their name (else their username), answers to their address. One who
 * signs in has an address; without one (never the case today) the club's own sender stands in.
 */
const senderOf = (actor: UserRow): MailSender | undefined =>
  actor.email === null
    ? undefined
    : {
        name: [actor.first_name, actor.last_name].filter(Boolean).join(' ').trim() || actor.username,
        replyTo: actor.email,
      };

/**
 * `POST /api/event/mail`: the creator or a SuperAdmin writes to every subscriber (or the waiting list, or both), one
 * message each, under their own name with answers coming back to them; at
 * most GROUP_MAILS_PER_WINDOW per event per rolling hour, counted whoever sends them.
 */
export async function sendGroupMail(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: GroupMailRequest,
): Promise<number> {
  const subject = decodeText(
    request.subject_base64,
    'subject_base64',
    LIMITS.groupSubjectMin,
    LIMITS.groupSubjectMax,
  );
  const message = decodeText(
    request.message_base64,
    'message_base64',
    LIMITS.groupMessageMin,
    LIMITS.groupMessageMax,
  );
  const event = await findEvent(db, request.event_uuid, true);
  if (!event) throw new HttpError(404, 'not_found', 'event_uuid');
  assertAllowed(mayManageEvent(actor, ownershipOf(event)));
  const now = deps.now();
  await assertGroupMailAllowed(db, event.uuid, now);
  await recordGroupMail(
    db,
    { eventUuid: event.uuid, senderId: actor.id, sentAt: now },
    new Date(now.getTime() - GROUP_MAIL_WINDOW_MS),
  );
  const name = await eventName(db, event);
  const recipients = await audienceOf(db, event.uuid, request.recipients ?? 'registered');
  return notify(
    deps,
    db,
    'group_email',
    recipients,
    (r) => ({
      subject,
      message,
      event: describeEvent(name, event.start_date, r.language, currentClub().timezone),
      // Signed with the organiser's name before the club's (docs/rules.md#mails).
      sender: fullName(actor),
    }),
    { event },
    { sender: senderOf(actor) },
  );
}
