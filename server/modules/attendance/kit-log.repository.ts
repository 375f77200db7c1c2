import type { Insertable, Kysely } from 'kysely';
import type { KitLogTable } from '../../db/kit-schema';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type KitLogEntry = Insertable<KitLogTable>;

/** Appends one accepted hand-out write; the log is never updated (but for the guest erasure) nor deleted. */
export async function appendKitLog(db: Db, entry: KitLogEntry): Promise<void> {
  await db.insertInto('kit_log').values(entry).execute();
}
