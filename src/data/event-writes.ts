/**
 * The organiser's writes on an event (create, update, cancel, reactivate, delete, group email): online
 * only, never queued (an organiser sees the answer or the reason). After each, the cache is refreshed
 * through the sync engine so the week shows the change.
 */
import { type EventDto, type EventInput, eventSchema } from '@common/contract/event';
import { okResponseSchema } from '@common/contract/fields';
import type { GroupMailAudience } from '@common/contract/participation';
import { clubDayOf, weekStart } from '@common/rules/club-time';
import { apiRequest } from './core/api-client';
import { appDb } from './core/db';
import { clubTimeZone } from './core/start-settings';
import { syncEngine } from './core/sync';
import { refreshEvent } from './events';

async function refreshWeekOf(startDate: string): Promise<void> {
  const monday = weekStart(clubDayOf(new Date(startDate), await clubTimeZone(appDb())));
  await syncEngine()
    ?.refreshWeek(monday, true)
    .catch(() => undefined);
}

/** Create (no `uuid_event`), update, cancel or reactivate (`is_cancelled`); answers the saved event. */
export async function saveEvent(input: EventInput): Promise<EventDto> {
  const saved = await apiRequest('POST', '/api/event/add-or-update', { body: input, schema: eventSchema });
  // The event itself first (its week may not be the one shown), then its week's neighbours.
  await refreshEvent(saved.uuid_event).catch(() => undefined);
  await refreshWeekOf(saved.start_date);
  return saved;
}

export async function deleteEvent(event: EventDto): Promise<void> {
  await apiRequest('DELETE', `/api/event/delete/${event.uuid_event}`);
  await appDb().events.delete(event.uuid_event);
  await refreshWeekOf(event.start_date);
}

/** UTF-8 text as standard base64 (the API's group email fields). */
export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function sendGroupMail(
  eventUuid: string,
  subject: string,
  message: string,
  recipients: GroupMailAudience = 'registered',
): Promise<void> {
  await apiRequest('POST', '/api/event/mail', {
    body: {
      event_uuid: eventUuid,
      subject_base64: toBase64(subject),
      message_base64: toBase64(message),
      recipients,
    },
    schema: okResponseSchema,
  });
}
