import type { PushMessage } from '@common/contract/push';
import type { Language } from '@common/contract/user';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { eventPath } from '../../mail/app-links';
import { displayName } from '../../mail/display-name';
import { enqueuePush, type PushUrgency } from '../push/push-queue';
import { guardianCopies, reachableRecipients } from './notify';

/** What is pushed (docs/rules.md#push); each kind is gated as its email is. */
export type PushKind =
  | 'waiting_list_promotion'
  | 'event_cancellation'
  | 'event_reactivation'
  | 'event_update'
  | 'event_reminder';

// A promotion gives the member a place they should know about now; the rest can wait for the next wake-up.
const URGENCY: Record<PushKind, PushUrgency> = {
  waiting_list_promotion: 'high',
  event_cancellation: 'normal',
  event_reactivation: 'normal',
  event_update: 'normal',
  // Sent hours ahead on purpose: the next wake-up is soon enough.
  event_reminder: 'normal',
};

/** The push a member gets, in their language: the texts are the app's catalogues (section `push`). */
export function pushMessage(
  kind: PushKind,
  language: Language,
  event: Pick<EventRow, 'uuid'>,
  eventName: string,
  detail?: string,
): PushMessage {
  const body = catalogueText(language, 'push', `${kind}_body`, { event: eventName });
  return {
    title: catalogueText(language, 'push', `${kind}_title`),
    body: detail ? `${body}\n${shortened(detail)}` : body,
    // The event's sheet in the app, as mails link it (a path: the worker opens it on its origin).
    url: eventPath(event.uuid),
    // One notification per event: a later push about it replaces the earlier one on the device.
    tag: `event-${event.uuid}`,
  };
}

/** A notification shows a few lines: the organiser's message starts there, whole in the mail. */
const DETAIL_MAX = 140;
export const shortened = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DETAIL_MAX ? flat : `${flat.slice(0, DETAIL_MAX - 1).trimEnd()}…`;
};

/**
 * What a kind adds to each recipient's push (a reminder's details and answers): `recipient` gets it, about
 * `children` in a guardian's copy, none in the member's own.
 */
export type PushExtension = (message: PushMessage, recipient: UserRow, children: UserRow[]) => PushMessage;

/**
 * Queues a push to every device of each member `kind` may reach (same gating as the email), and of each
 * unrestricted guardian of a minor among them, inside the caller's transaction; runWrite kicks the push
 * worker after the commit. Answers how many were queued.
 */
export async function notifyPush(
  deps: Pick<AppDeps, 'config' | 'now'>,
  db: Kysely<Database>,
  kind: PushKind,
  members: UserRow[],
  event: Pick<EventRow, 'uuid' | 'start_date'>,
  eventName: (language: Language) => string,
  detail?: string,
  extend: PushExtension = (message) => message,
): Promise<number> {
  let queued = 0;
  for (const member of await reachableRecipients(db, kind, members)) {
    const message = pushMessage(kind, member.language, event, eventName(member.language), detail);
    queued += await enqueuePush(db, deps.now(), member.id, extend(message, member, []), URGENCY[kind]);
  }
  // A minor's guardians hear of it too (docs/rules.md#families): one push each, naming every child it is about.
  for (const { guardian, children } of await guardianCopies(deps, db, kind, members)) {
    const message = pushMessage(kind, guardian.language, event, eventName(guardian.language), detail);
    const about = catalogueText(guardian.language, 'push', 'about_children', {
      names: children.map(displayName).join(', '),
    });
    queued += await enqueuePush(
      db,
      deps.now(),
      guardian.id,
      extend({ ...message, body: `${about}\n${message.body}` }, guardian, children),
      URGENCY[kind],
    );
  }
  return queued;
}
