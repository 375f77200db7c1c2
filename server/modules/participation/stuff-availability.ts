import type { Kysely } from 'kysely';
import type { Database, EventRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { findStuff } from '../catalog/stuff.repository';
import { countHolders, isStuffOffered } from '../events/events.repository';

type Db = Kysely<Database>;

/**
 * Whether one more person can hold this stuff at this event: offered by it, and not all held meanwhile
 * (docs/rules.md#stuff). Not one of the shared pure rules: it reads stock and holders across events, which no screen
 * has in full. Callers lock the stuff row first (lockStuffs) so the count holds until commit.
 */
export async function isStuffAvailable(db: Db, event: EventRow, stuffUuid: string): Promise<boolean> {
  if (!(await isStuffOffered(db, event.uuid, stuffUuid))) return false;
  const stuff = await findStuff(db, stuffUuid);
  if (!stuff) return false;
  if (stuff.is_infinite) return true;
  return (await countHolders(db, stuffUuid, event.start_date, event.end_date)) < stuff.stock;
}

export async function assertStuffAvailable(db: Db, event: EventRow, stuffUuid: string): Promise<void> {
  if (!(await isStuffAvailable(db, event, stuffUuid)))
    throw new HttpError(409, 'stuff_unavailable', 'uuid_stuff');
}
