/**
 * The form's series writes: create a series from the form and its "Répéter" section, save "this session
 * and the following", cancel one session or it and the following. The single-session paths stay those of
 * an ordinary event (data/event-writes.ts).
 */
import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { factsOf } from '@common/rules/events';
import { mayManageSeries } from '@common/rules/series';
import { saveEvent } from '../../../data/event-writes';
import { createSeries, updateSeriesFrom } from '../../../data/series';
import { type EventFormValues, initialValues, toInput } from './event-form-state';
import { type RepeatValues, toRecurrence } from './repeat-preview';
import type { SeriesChanges, SeriesScope } from './series-changes';

/** Creates the series; answers how many sessions were made. Call once the preview is `ok`. */
export async function createSeriesFromForm(
  values: EventFormValues,
  repeat: RepeatValues,
  timeZone: string,
  location: string,
): Promise<number> {
  const recurrence = toRecurrence(repeat);
  if (!recurrence) throw new Error('the preview should have blocked this send');
  const {
    uuid_event: _uuid,
    is_cancelled: _cancelled,
    ...fields
  } = toInput(values, timeZone, null, location, false);
  const series = await createSeries({ ...fields, recurrence });
  return series.sessions.length;
}

/** "Cette séance et les suivantes": the changes, and the new map link when the address changed. */
export async function saveFollowing(
  session: EventDto & { uuid_series: string },
  changes: Extract<SeriesChanges, { kind: 'changes' }>,
  location: string,
): Promise<void> {
  await updateSeriesFrom(session.uuid_series, {
    from_uuid_event: session.uuid_event,
    ...changes.update,
    ...(changes.isAddressChanged ? { location } : {}),
  });
}

/** Cancels this session (the ordinary event path), or it and every later one. */
export async function cancelSessions(
  session: EventDto & { uuid_series: string },
  scope: SeriesScope,
  timeZone: string,
  /** The organiser's word, told with the cancellation (of one session or the following). */
  reason?: string,
): Promise<void> {
  if (scope === 'following') {
    await updateSeriesFrom(session.uuid_series, {
      from_uuid_event: session.uuid_event,
      is_cancelled: true,
      ...(reason ? { cancel_message: reason } : {}),
    });
    return;
  }
  // What was saved, not what is being typed: a cancel changes only the state.
  const input = toInput(initialValues(session, timeZone), timeZone, session, session.location, true);
  await saveEvent({ ...input, ...(reason ? { cancel_message: reason } : {}) });
}

/** A session of a series this user may change "and the following" (the server's own rule). */
export const isManagedSession = (
  event: EventDto | null,
  user: User,
): event is EventDto & { uuid_series: string } =>
  event?.uuid_series != null && mayManageSeries(user, factsOf(event)).ok;
