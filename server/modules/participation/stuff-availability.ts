import type { Kysely } from 'kysely';
import type { Database, EventRow } from '../../db/schema';
import { StuffUnavailableError } from '../../http-error';
import { lockStuffs } from '../catalog/stuff.repository';
import { readKitFacts } from '../kit/kit.repository';

type Db = Kysely<Database>;

/**
 * The items of a kit that one more person could hold at this event: offered by it, and not all held meanwhile
 * (docs/rules.md#kit), read in one statement whatever the kit's size. Not one of the shared pure rules: it reads
 * stock and holders across events, which no screen has in full. Callers lock the stuff rows first (lockStuffs) so the
 * counts hold until commit.
 */
export async function availableItems(
  db: Db,
  event: EventRow,
  stuffUuids: readonly string[],
): Promise<Set<string>> {
  const facts = await readKitFacts(db, event.uuid, stuffUuids, event.start_date, event.end_date);
  return new Set(
    facts
      .filter((item) => item.is_offered && (item.is_infinite || item.held < item.stock))
      .map((item) => item.uuid),
  );
}

/**
 * Locks the kit's stuff rows (uuid order) and refuses the whole kit when any item is not there: 409 `stuff_unavailable`
 * naming the first such item in the kit's order, so nothing of it is booked. `alreadyHeld` are items the booking
 * holds now (a kit change keeps them without counting them twice); `lockAlso`, other rows the write changes.
 */
export async function lockAndAssertKit(
  db: Db,
  event: EventRow,
  kit: readonly string[],
  rowLocks: boolean,
  options: { field?: 'stuffs' | 'uuid_stuff'; alreadyHeld?: readonly string[] } = {},
): Promise<void> {
  const held = options.alreadyHeld ?? [];
  await lockStuffs(db, [...kit, ...held], rowLocks);
  const added = kit.filter((uuid) => !held.includes(uuid));
  if (added.length === 0) return;
  const available = await availableItems(db, event, added);
  const missing = added.find((uuid) => !available.has(uuid));
  if (missing) throw new StuffUnavailableError(missing, options.field ?? 'stuffs');
}
