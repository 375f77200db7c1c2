import type { EventFacts } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { coOrganiserIds } from './co-organisers.repository';
import { countParticipants, findEvent } from './events.repository';

/** What the shared rules read of an event, from its row and its participant count. */
export function eventFacts(
  event: EventRow,
  participants: number,
  coOrganiserIds: readonly string[],
): EventFacts {
  return {
    creatorId: event.creator_id,
    coOrganiserIds,
    startsAt: event.start_date,
    endsAt: event.end_date,
    isCancelled: event.is_cancelled,
    isInfinite: event.subscriber_is_infinite,
    maxSubscribers: event.max_subscribers,
    participants,
  };
}

/** Who manages an event: enough for the rules that read nothing else (mayManageEvent, mayReadGuestsOf). */
export const ownershipOf = (event: EventRow): Pick<EventFacts, 'creatorId'> => ({
  creatorId: event.creator_id,
});

/**
 * The event locked for the rest of the transaction, with its facts. Capacity is read then written, so the
 * count is taken under the lock: every change to an event's participants locks its row first, so the
 * count cannot move until the transaction ends. 404 (naming `uuid_event`) when there is no such event.
 */
export async function lockEvent(
  deps: AppDeps,
  db: Kysely<Database>,
  uuid: string,
): Promise<{ event: EventRow; facts: EventFacts }> {
  const event = await findEvent(db, uuid, deps.config.rowLocks);
  if (!event) throw new HttpError(404, 'not_found', 'uuid_event');
  return {
    event,
    facts: eventFacts(event, await countParticipants(db, event.uuid), await coOrganiserIds(db, event.uuid)),
  };
}
