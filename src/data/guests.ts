/** A member's guests at an event (online only): list, save, delete; the event is then refreshed into the cache. */

import { type Guest, type GuestRequest, guestSchema } from '@common/contract/participation';
import { z } from '@common/contract/zod';
import { ApiError, apiRequest } from './core/api-client';
import { appDb } from './core/db';
import { awaitEventWrites } from './core/delivery';
import { refreshEvent } from './events';

export type { Guest, GuestRequest };

/** The host's guests with their details (age, email, phone), which the cached event never holds. */
export const fetchMyGuests = (eventUuid: string, userId: string): Promise<Guest[]> =>
  apiRequest('GET', `/api/event/my-invite-list/${eventUuid}/${userId}`, { schema: z.array(guestSchema) });

/**
 * Creates the guest, or updates it when `id` is given; the event's count changes, so it is refreshed. A
 * subscription just queued for the event goes first: the server takes a guest only from a subscribed host.
 */
export async function saveGuest(request: GuestRequest): Promise<Guest> {
  await awaitEventWrites(appDb(), request.uuid_event);
  try {
    const guest = await apiRequest('POST', '/api/event/invite', { body: request, schema: guestSchema });
    await refreshEvent(request.uuid_event);
    return guest;
  } catch (error) {
    // An item of the kit went meanwhile (docs/rules.md#kit): the picker shows what is left now.
    if (error instanceof ApiError && error.code === 'stuff_unavailable')
      await refreshEvent(request.uuid_event).catch(() => undefined);
    throw error;
  }
}

/** The kit's item a refused save names as gone (docs/rules.md#kit), if that is why it was refused. */
export const goneItemOf = (error: unknown): string | undefined =>
  error instanceof ApiError && error.code === 'stuff_unavailable' ? error.uuidStuff : undefined;

export async function deleteGuest(eventUuid: string, id: number): Promise<void> {
  await apiRequest('PUT', '/api/event/delete-invitation', { body: { id, uuid_event: eventUuid } });
  await refreshEvent(eventUuid);
}
