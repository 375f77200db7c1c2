import type { Kysely } from 'kysely';
import type { WalkInsTable } from '../../db/participation-schema';
import type { Database, RowOf } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Creates the walk-in if this person has none at the event yet; undefined when one exists (two phones
 * adding the same person: the unique key makes it one row, and the later write is then a status change).
 */
export function insertWalkIn(db: Db, row: Omit<RowOf<WalkInsTable>, 'id'>) {
  return db
    .insertInto('walk_ins')
    .values(row)
    .onConflict((c) => c.constraint('walk_ins_one_per_person').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The person's walk-in at the event, locked: writes to one row apply one after another. */
export function lockWalkIn(db: Db, eventUuid: string, personKey: string) {
  return db
    .selectFrom('walk_ins')
    .selectAll()
    .where('event_uuid', '=', eventUuid)
    .where('person_key', '=', personKey)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setWalkInStatus(
  db: Db,
  id: number,
  change: Pick<RowOf<WalkInsTable>, 'status' | 'checked_at' | 'checked_by'>,
): Promise<void> {
  await db.updateTable('walk_ins').set(change).where('id', '=', id).execute();
}

/** An event's walk-ins with who set their status: the attendance record's lines. */
export function walkInsWithChecker(db: Db, eventUuid: string) {
  return db
    .selectFrom('walk_ins')
    .leftJoin('users', 'users.id', 'walk_ins.checked_by')
    .select([
      'walk_ins.id',
      'walk_ins.user_id',
      'walk_ins.name',
      'walk_ins.status',
      'walk_ins.checked_at',
      'users.username as checked_by_name',
    ])
    .where('walk_ins.event_uuid', '=', eventUuid)
    .orderBy('walk_ins.id')
    .execute();
}
