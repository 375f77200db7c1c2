import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** An event's waiting members, first in line first, with whether their file's refusal was told. */
export function waitingLine(
  db: Db,
  eventUuid: string,
): Promise<Array<UserRow & { seq: string; dossier_told_at: Date | null }>> {
  return db
    .selectFrom('waiting_list')
    .innerJoin('users', 'users.id', 'waiting_list.user_id')
    .selectAll('users')
    .select(['waiting_list.seq', 'waiting_list.dossier_told_at'])
    .where('waiting_list.event_uuid', '=', eventUuid)
    .orderBy('waiting_list.created_at')
    .orderBy('waiting_list.seq')
    .execute();
}

/** Marks these waiting entries as told that the member's file kept them from a place. */
export async function markDossierTold(db: Db, seqs: readonly string[], now: Date): Promise<void> {
  if (seqs.length === 0) return;
  await db.updateTable('waiting_list').set({ dossier_told_at: now }).where('seq', 'in', seqs).execute();
}
