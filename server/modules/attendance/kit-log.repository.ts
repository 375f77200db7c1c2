import type { Insertable, Kysely } from 'kysely';
import type { KitLogTable } from '../../db/kit-schema';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type KitLogEntry = Insertable<KitLogTable>;

/** Appends one accepted hand-out write; the log is never updated (but for the guest erasure) nor deleted. */
export async function appendKitLog(db: Db, entry: KitLogEntry): Promise<void> {
  await db.insertInto('kit_log').values(entry).execute();
}

/**
 * The guest-data erasure reaches the kit log as it does the checklist log (docs/rules.md#guests): guest names of
 * events that ended before `endedBefore`. A deleted event takes its kit log along (the foreign key cascades).
 */
export async function blankKitGuestNames(db: Db, endedBefore: Date): Promise<number> {
  const result = await db
    .updateTable('kit_log')
    .set({ participant_name: '' })
    .where('is_invited', '=', true)
    .where('participant_name', '<>', '')
    .where('event_uuid', 'in', (eb) =>
      eb.selectFrom('events').select('uuid').where('end_date', '<', endedBefore),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
