import type { PushAction, PushMessage } from '@common/contract/push';
import type { Language } from '@common/contract/user';
import { addressLine } from '@common/rules/address';
import type { EventRow, UserRow } from '../../db/schema';
import { catalogueText } from '../../i18n/catalogue';
import { type AnswerAction, answerUrl } from '../../mail/answer-links';
import { displayName } from '../../mail/display-name';
import type { PushExtension } from '../notifications/notify-push';
import { shortened } from '../notifications/notify-push';

/** What a reminder says of its event beyond its name (docs/rules.md#reminders): the same for every recipient. */
export interface ReminderPlace {
  /** Street, zip code and city as one line; null when the event has none. */
  address: string | null;
  /** Where a click on the notification's body goes: the organiser's maps link, else a search for the address. */
  mapUrl: string | null;
  /** Where members meet (the shed, the slipway…); null when the event names none. */
  meetingPoint: string | null;
  /** The organiser's own notes for this event (not the model's description, which every session repeats). */
  notes: string | null;
}

export function reminderPlace(
  event: Pick<EventRow, 'street' | 'zip_code' | 'city' | 'location' | 'meeting_point' | 'notes'>,
): ReminderPlace {
  const address = addressLine(event);
  // An event with no address has no map link either, even with a stale pin: the pin is made from the address.
  const mapUrl = address
    ? event.location || `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`
    : null;
  return {
    address,
    mapUrl,
    meetingPoint: event.meeting_point?.trim() || null,
    notes: event.notes?.trim() || null,
  };
}

const text = (language: Language, key: string, values?: Record<string, string>) =>
  catalogueText(language, 'push_reminder', key, values);

/** A child is named by first name on a button, where room is short (docs/rules.md#families). */
const firstName = (child: UserRow) => child.first_name?.trim() || displayName(child);

interface ReminderLinks {
  clubKey: string;
  publicUrl: string;
  secret: Buffer;
  event: Pick<EventRow, 'uuid' | 'start_date'>;
}

/**
 * The answer buttons: for the member, or for the one child a guardian's copy is about (signed over the guardian,
 * as the mail's links are). Each posts the answer link's notification form, as a path of the app's origin.
 */
function answerActions(links: ReminderLinks, recipient: UserRow, child: UserRow | null): PushAction[] {
  const language = recipient.language;
  const forWhom = child ? { name: firstName(child) } : undefined;
  const suffix = child ? '_for' : '';
  return (['come', 'decline'] as const satisfies readonly AnswerAction[]).map((action) => {
    const url = answerUrl(links, links.secret, {
      eventUuid: links.event.uuid,
      userId: child?.id ?? recipient.id,
      action,
      expiresAt: links.event.start_date,
      ...(child ? { actingId: recipient.id } : {}),
    });
    return {
      action,
      title: text(language, `${action}${suffix}`, forWhom),
      url: `${new URL(url).pathname}/push`,
      done: text(language, `done_${action}${suffix}`, forWhom),
    };
  });
}

/**
 * A reminder push's extension (notifyPush): the address, the meeting point, the organiser's notes (cut to fit a
 * notification) and the booked kit below its first line; the maps link; « Je viens » / « Je ne viens pas » as
 * actions. A guardian's copy about one child answers for that child and lists the child's kit; it gets its own
 * tag, so the reminder of a brother at the same event does not replace it. A copy about several children (never a
 * reminder's today) keeps its plain text.
 */
export function reminderExtension(
  links: ReminderLinks,
  place: ReminderPlace,
  kits: ReadonlyMap<string, string[]>,
): PushExtension {
  return (message: PushMessage, recipient: UserRow, children: UserRow[]): PushMessage => {
    if (children.length > 1) return message;
    const child = children[0] ?? null;
    const language = recipient.language;
    const kit = kits.get(child?.id ?? recipient.id) ?? [];
    const lines = [
      message.body,
      place.address ? text(language, 'address', { address: place.address }) : null,
      place.meetingPoint ? text(language, 'meeting_point', { place: place.meetingPoint }) : null,
      place.notes ? text(language, 'notes', { notes: shortened(place.notes) }) : null,
      kit.length > 0 ? text(language, 'kit', { items: shortened(kit.join(', ')) }) : null,
    ];
    return {
      ...message,
      body: lines.filter((line): line is string => line !== null).join('\n'),
      ...(child ? { tag: `${message.tag}-${child.id}` } : {}),
      actions: answerActions(links, recipient, child),
      ...(place.mapUrl ? { map_url: place.mapUrl } : {}),
    };
  };
}
