import type { Insertable, Kysely } from 'kysely';
import type { ChecklistLogTable } from '../../db/participation-schema';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type ChecklistLogEntry = Insertable<ChecklistLogTable>;

/** Appends one accepted checklist write; the log is never updated (but for the guest erasure) nor deleted. */
export async function appendChecklistLog(db: Db, entry: ChecklistLogEntry): Promise<void> {
  await db.insertInto('checklist_log').values(entry).execute();
}

/**
 * The applied write that set each participant's current check at an event: the newest not-ignored entry
 * per participant (ties on the device time go to the later arrival, as on the row itself).
 */
export function currentChecks(db: Db, eventUuid: string) {
  return db
    .selectFrom('checklist_log')
    .select([
      'is_invited',
      'user_id',
      'guest_id',
      'walk_in_id',
      'is_checked',
      'status',
      'checked_by_name',
      'checked_at',
      'received_at',
    ])
    .distinctOn(['is_invited', 'user_id', 'guest_id', 'walk_in_id'])
    .where('event_uuid', '=', eventUuid)
    .where('is_ignored', '=', false)
    .orderBy('is_invited')
    .orderBy('user_id')
    .orderBy('guest_id')
    .orderBy('walk_in_id')
    .orderBy('checked_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The guest-data erasure reaches the logs too (the checklist's, and the kit's, docs/rules.md#kit): guest names of
 * events that ended before `endedBefore`.
 */
export async function blankGuestNames(
  db: Db,
  endedBefore: Date,
  log: 'checklist_log' | 'kit_log' = 'checklist_log',
): Promise<number> {
  const result = await db
    .updateTable(log)
    .set({ participant_name: '' })
    .where('is_invited', '=', true)
    .where('participant_name', '<>', '')
    .where((eb) =>
      eb.or([
        eb('event_uuid', 'in', eb.selectFrom('events').select('uuid').where('end_date', '<', endedBefore)),
        // A deleted event's guests are gone with it: their names in the log follow the same 30 days.
        eb.and([
          eb.not(
            eb.exists(
              eb.selectFrom('events').select('uuid').whereRef('events.uuid', '=', `${log}.event_uuid`),
            ),
          ),
          eb('received_at', '<', endedBefore),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
