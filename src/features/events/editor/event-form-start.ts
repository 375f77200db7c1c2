/**
 * Where a new event's form starts: from the model's last event when a model is picked, or from another event
 * ("Dupliquer"). Plain functions, so the choices are tested without the form.
 */
import type { EventDto } from '@common/contract/event';
import { clubDateTime, clubDayOf, clubTimeOf, shiftDay } from '@common/rules/club-time';
import type { LastEventOfModel } from '../../../data/model-start';
import { DEFAULT_TIME, type EventFormValues, initialValues } from './event-form-state';

const MINUTE = 60_000;
const EMPTY = initialValues(null, 'UTC');

/** The end that keeps `minutes` after the typed start; nothing while the start day is empty. */
export function endAfter(
  values: Pick<EventFormValues, 'startDay' | 'startTime'>,
  minutes: number,
  timeZone: string,
): Pick<EventFormValues, 'endDay' | 'endTime'> | null {
  if (!values.startDay) return null;
  const end = new Date(
    clubDateTime(values.startDay, values.startTime || DEFAULT_TIME, timeZone).getTime() + minutes * MINUTE,
  );
  return { endDay: clubDayOf(end, timeZone), endTime: clubTimeOf(end, timeZone) };
}

type Filled = Partial<EventFormValues>;

/**
 * The fields the last event gives, each only where the user has not typed: a field still empty, or still
 * holding what an earlier pick filled in (`previous`), is replaced; anything typed by hand stays.
 */
export function fillFromLast(
  values: EventFormValues,
  last: LastEventOfModel,
  previous: Filled,
  timeZone: string,
): { values: EventFormValues; filled: Filled } {
  const offered: Filled = {
    street: last.street ?? '',
    city: last.city ?? '',
    zipCode: last.zip_code ?? '',
    meetingPoint: last.meeting_point ?? '',
    isInfinite: last.subscriber_is_infinite,
    maxSubscribers: last.subscriber_is_infinite ? '' : String(last.max_subscribers),
    stuffUuids: last.stuffs_available.map((s) => s.uuid),
    startTime: last.start_time,
  };
  const filled: Filled = {};
  const next: EventFormValues = { ...values };
  for (const key of Object.keys(offered) as (keyof Filled)[]) {
    const current = JSON.stringify(values[key]);
    const untouched = current === JSON.stringify(EMPTY[key]) || current === JSON.stringify(previous[key]);
    if (!untouched) continue;
    Object.assign(next, { [key]: offered[key] });
    Object.assign(filled, { [key]: offered[key] });
  }
  const end = endAfter(next, last.duration_minutes, timeZone);
  if (end && (!values.endDay || values.endDay === previous.endDay)) {
    Object.assign(next, end);
    Object.assign(filled, end);
  }
  return { values: next, filled };
}

/**
 * "Dupliquer": the event's fields on a new event, the same weekday and time in the first week to come
 * (at least the next one), so the copy can be created as it is once checked.
 */
export function duplicateValues(event: EventDto, timeZone: string, now: Date): EventFormValues {
  const values = initialValues(event, timeZone);
  let weeks = 1;
  while (
    clubDateTime(shiftDay(values.startDay, 7 * weeks), values.startTime, timeZone).getTime() <=
      now.getTime() &&
    weeks < 520
  )
    weeks += 1;
  return {
    ...values,
    startDay: shiftDay(values.startDay, weeks * 7),
    endDay: shiftDay(values.endDay, weeks * 7),
  };
}
