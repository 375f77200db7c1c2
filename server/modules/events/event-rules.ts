import type { Kysely } from 'kysely';
import { isAdminRole, isContributorRole } from '../../../src/common/rules/roles';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { countHolders, countParticipants, eventStuffUuids } from './events.repository';

type Db = Kysely<Database>;

export const isPast = (event: Pick<EventRow, 'end_date'>, now: Date): boolean => event.end_date < now;

/** Creator rights need the creator to still hold Contributor or above; a SuperAdmin manages every event. */
export function canManage(
  actor: Pick<UserRow, 'id' | 'role_name'>,
  event: Pick<EventRow, 'creator_id'>,
): boolean {
  if (actor.role_name === 'SuperAdmin') return true;
  return (
    actor.id === event.creator_id && (isAdminRole(actor.role_name) || isContributorRole(actor.role_name))
  );
}

export function assertCanManage(
  actor: Pick<UserRow, 'id' | 'role_name'>,
  event: Pick<EventRow, 'creator_id'>,
): void {
  if (!canManage(actor, event)) throw new HttpError(403, 'forbidden');
}

export async function placesLeft(db: Db, event: EventRow): Promise<number> {
  if (event.subscriber_is_infinite) return Number.POSITIVE_INFINITY;
  return event.max_subscribers - (await countParticipants(db, event.uuid));
}

/** Whether one more person can hold this stuff at this event: offered by it, and not all held meanwhile. */
export async function isStuffAvailable(db: Db, event: EventRow, stuffUuid: string): Promise<boolean> {
  if (!(await eventStuffUuids(db, event.uuid)).includes(stuffUuid)) return false;
  const stuff = await db
    .selectFrom('stuffs')
    .select(['stock', 'is_infinite'])
    .where('uuid', '=', stuffUuid)
    .executeTakeFirst();
  if (!stuff) return false;
  if (stuff.is_infinite) return true;
  return (await countHolders(db, stuffUuid, event.start_date, event.end_date)) < stuff.stock;
}

export async function assertStuffAvailable(db: Db, event: EventRow, stuffUuid: string): Promise<void> {
  if (!(await isStuffAvailable(db, event, stuffUuid)))
    throw new HttpError(409, 'stuff_unavailable', 'uuid_stuff');
}
