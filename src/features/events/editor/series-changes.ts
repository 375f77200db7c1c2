/**
 * "This session and the following": what the form changed, as the series' PUT takes it. Only the fields
 * changed are sent (the other sessions keep their own values for the rest), the time as the club's
 * wall-clock HH:mm and the length in minutes, so 19:00 stays 19:00 across a clock change.
 */
import type { SeriesUpdate } from '@common/contract/series';
import { clubDateTime } from '@common/rules/club-time';
import { addressQuery, type EventFormValues } from './event-form-state';

export type SeriesScope = 'one' | 'following';

const minutesBetween = (values: EventFormValues, timeZone: string): number =>
  Math.round(
    (clubDateTime(values.endDay, values.endTime, timeZone).getTime() -
      clubDateTime(values.startDay, values.startTime, timeZone).getTime()) /
      60_000,
  );

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

export type SeriesChanges =
  | { kind: 'changes'; update: Omit<SeriesUpdate, 'from_uuid_event' | 'location'>; isAddressChanged: boolean }
  /** The model or the day belong to one session: changed, they are saved with "Cette séance". */
  | { kind: 'single_only' }
  | { kind: 'none' };

/** Compares the form with the session as it was loaded. Call after `validate` passed. */
export function seriesChanges(
  before: EventFormValues,
  after: EventFormValues,
  timeZone: string,
): SeriesChanges {
  if (after.modelUuid !== before.modelUuid || after.startDay !== before.startDay)
    return { kind: 'single_only' };
  const update: Omit<SeriesUpdate, 'from_uuid_event' | 'location'> = {};
  if (after.startTime !== before.startTime) update.start_time = after.startTime;
  const duration = minutesBetween(after, timeZone);
  if (duration !== minutesBetween(before, timeZone)) update.duration_minutes = duration;
  const isAddressChanged = addressQuery(after) !== addressQuery(before);
  if (isAddressChanged) {
    // An emptied field clears it on every session (the contract reads '' as none).
    update.street = after.street.trim() || null;
    update.city = after.city.trim() || null;
    update.zip_code = after.zipCode.trim() || null;
  }
  if (after.isInfinite !== before.isInfinite || after.maxSubscribers !== before.maxSubscribers) {
    update.subscriber_is_infinite = after.isInfinite;
    if (!after.isInfinite) update.max_subscribers = Number(after.maxSubscribers);
  }
  if (!sameSet(after.stuffUuids, before.stuffUuids))
    update.stuffs_available = after.stuffUuids.map((uuid) => ({ uuid }));
  // An emptied title or notes clears them on every session (the contract reads '' as none).
  if (after.title.trim() !== before.title.trim()) update.title = after.title.trim() || null;
  if (after.notes.trim() !== before.notes.trim()) update.notes = after.notes.trim() || null;
  if (after.meetingPoint.trim() !== before.meetingPoint.trim())
    update.meeting_point = after.meetingPoint.trim() || null;
  if (!sameSet(after.coOrganisers, before.coOrganisers)) update.co_organisers = after.coOrganisers;
  return Object.keys(update).length === 0 ? { kind: 'none' } : { kind: 'changes', update, isAddressChanged };
}
