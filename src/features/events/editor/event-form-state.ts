/**
 * The event form's values, checks and offered actions, apart from the components so they can be tested
 * as plain functions. Dates are typed as the club's wall-clock (whatever the device's zone) and turned
 * into instants with the club's zone; who may do what and the date rules come from common/rules.
 */
import type { EventDto, EventInput } from '@common/contract/event';
import { isCleanName } from '@common/contract/fields';
import { LIMITS } from '@common/contract/limits';
import type { User } from '@common/contract/user';
import { clubDateTime, clubDayOf, clubTimeOf } from '@common/rules/club-time';
import { eventDateError } from '@common/rules/event-dates';
import {
  factsOf,
  isPast,
  mayCreateEvent,
  mayDeleteEvent,
  mayEditEvent,
  mayManageEvent,
} from '@common/rules/events';

export interface EventFormValues {
  modelUuid: string;
  /** The event's own title and notes; empty shows the model's name and description. */
  title: string;
  notes: string;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  street: string;
  city: string;
  zipCode: string;
  /** Where members meet (the shed, the slipway…); empty for none. */
  meetingPoint: string;
  isInfinite: boolean;
  maxSubscribers: string;
  stuffUuids: string[];
  /** User ids who take attendance too. */
  coOrganisers: string[];
}

/** A new event's time starts at 00:00. */
export const DEFAULT_TIME = '00:00';

export function initialValues(event: EventDto | null, timeZone: string): EventFormValues {
  if (!event) {
    return {
      modelUuid: '',
      title: '',
      notes: '',
      startDay: '',
      startTime: DEFAULT_TIME,
      endDay: '',
      endTime: DEFAULT_TIME,
      street: '',
      city: '',
      zipCode: '',
      meetingPoint: '',
      isInfinite: false,
      maxSubscribers: '',
      stuffUuids: [],
      coOrganisers: [],
    };
  }
  const start = new Date(event.start_date);
  const end = new Date(event.end_date);
  return {
    modelUuid: event.uuid_model_event,
    title: event.title ?? '',
    notes: event.notes ?? '',
    startDay: clubDayOf(start, timeZone),
    startTime: clubTimeOf(start, timeZone),
    endDay: clubDayOf(end, timeZone),
    endTime: clubTimeOf(end, timeZone),
    street: event.street ?? '',
    city: event.city ?? '',
    zipCode: event.zip_code ?? '',
    meetingPoint: event.meeting_point ?? '',
    isInfinite: event.subscriber_is_infinite,
    maxSubscribers: String(event.max_subscribers),
    stuffUuids: event.stuffs_available.map((s) => s.uuid),
    coOrganisers: event.co_organisers ?? [],
  };
}

export type FieldErrors = Partial<
  Record<'modelUuid' | 'startDay' | 'endDay' | 'maxSubscribers' | 'title' | 'notes' | 'meetingPoint', string>
>;

const instantOf = (day: string, time: string, timeZone: string): Date | null =>
  day ? clubDateTime(day, time || DEFAULT_TIME, timeZone) : null;

/** Error keys (i18n) by field; empty when the form may be sent. */
export function validate(
  values: EventFormValues,
  timeZone: string,
  now: Date,
  event: EventDto | null,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.modelUuid) errors.modelUuid = 'eventForm.required';
  const start = instantOf(values.startDay, values.startTime, timeZone);
  const end = instantOf(values.endDay, values.endTime, timeZone);
  if (!start) errors.startDay = 'eventForm.required';
  if (!end) errors.endDay = 'eventForm.required';
  if (start && end) {
    const dateError = eventDateError(start, end, now, event ? new Date(event.start_date) : null);
    if (dateError?.field === 'end_date') errors.endDay = `errors.${dateError.code}`;
    if (dateError?.field === 'start_date') errors.startDay = `errors.${dateError.code}`;
  }
  // The inputs cap their length; a pasted text past it is said rather than cut.
  if (values.title.trim().length > LIMITS.eventTitleMax) errors.title = 'eventWords.too_long';
  if (values.notes.trim().length > LIMITS.eventNotesMax) errors.notes = 'eventWords.too_long';
  if (values.meetingPoint.trim().length > LIMITS.meetingPointMax) errors.meetingPoint = 'eventWords.too_long';
  // One line a mail and a push show as is: no control or bidirectional character (docs/rules.md#events).
  else if (!isCleanName(values.meetingPoint)) errors.meetingPoint = 'eventWords.meeting_point_characters';
  if (!values.isInfinite) {
    const max = Number(values.maxSubscribers);
    if (values.maxSubscribers.trim() === '') errors.maxSubscribers = 'eventForm.required';
    else if (!Number.isInteger(max) || max < LIMITS.maxSubscribersMin || max > LIMITS.maxSubscribersMax)
      errors.maxSubscribers = 'eventForm.max_invalid';
  }
  return errors;
}

/** What the API takes; `location` is decided on save (the address lookup). Call after `validate` passed. */
export function toInput(
  values: EventFormValues,
  timeZone: string,
  event: EventDto | null,
  location: string,
  isCancelled: boolean,
): EventInput {
  const text = (value: string) => value.trim() || undefined;
  return {
    ...(event ? { uuid_event: event.uuid_event } : {}),
    uuid_model_event: values.modelUuid,
    // An edit always says them ('' clears); a new event leaves out the empty ones.
    ...(event || values.title.trim() ? { title: values.title.trim() } : {}),
    ...(event || values.notes.trim() ? { notes: values.notes.trim() } : {}),
    start_date: clubDateTime(values.startDay, values.startTime, timeZone).toISOString(),
    end_date: clubDateTime(values.endDay, values.endTime, timeZone).toISOString(),
    street: text(values.street),
    city: text(values.city),
    zip_code: text(values.zipCode),
    location,
    // As the title: an edit always says it ('' clears); a new event leaves it out when empty.
    ...(event || values.meetingPoint.trim() ? { meeting_point: values.meetingPoint.trim() } : {}),
    subscriber_is_infinite: values.isInfinite,
    // §5: sent as a number; kept as the event had it when unlimited (the server stores 0 otherwise).
    ...(values.isInfinite ? {} : { max_subscribers: Number(values.maxSubscribers) }),
    is_cancelled: isCancelled,
    stuffs_available: values.stuffUuids.map((uuid) => ({ uuid })),
    // Sent only when changed: a form opened on a copy from before another device's change keeps it.
    ...(sameMembers(values.coOrganisers, event?.co_organisers ?? [])
      ? {}
      : { co_organisers: values.coOrganisers }),
  };
}

const sameMembers = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The address as the lookup is asked it; '' when no field is filled. */
export const addressQuery = (values: Pick<EventFormValues, 'street' | 'city' | 'zipCode'>): string =>
  [values.street, values.zipCode, values.city]
    .map((v) => v.trim())
    .filter(Boolean)
    .join(' ');

export type EditorAction =
  | 'create'
  | 'update'
  | 'cancel'
  | 'reactivate'
  | 'delete'
  | 'group_mail'
  | 'duplicate';
export type EventState = 'new' | 'upcoming' | 'cancelled' | 'past';

export function eventState(event: EventDto | null, now: Date): EventState {
  if (!event) return 'new';
  if (isPast(factsOf(event), now)) return 'past';
  return event.is_cancelled ? 'cancelled' : 'upcoming';
}

/**
 * By the event's state (docs/rules.md#events): upcoming → update, cancel; cancelled → reactivate, delete;
 * past → delete only. The group email is offered where the event can still be managed and is not over,
 * "Dupliquer" to whoever may create events. Each one only when the shared rules allow it to this user.
 */
export function editorActions(user: User, event: EventDto | null, now: Date): EditorAction[] {
  if (!event) return mayCreateEvent(user).ok ? ['create'] : [];
  const facts = factsOf(event);
  const state = eventState(event, now);
  const actions: EditorAction[] = [];
  if (mayEditEvent(user, facts, now).ok) {
    actions.push(...(state === 'cancelled' ? (['reactivate'] as const) : (['update', 'cancel'] as const)));
  }
  if (mayDeleteEvent(user, facts, now).ok && state !== 'upcoming') actions.push('delete');
  if (state !== 'past' && mayManageEvent(user, facts).ok) actions.push('group_mail');
  // Any event, past or cancelled too, is a starting point for whoever may create one.
  if (mayCreateEvent(user).ok) actions.push('duplicate');
  return actions;
}
