import type { Kysely, Selectable } from 'kysely';
import type { ClubsTable, Database } from '../schema';

export type ClubRow = Selectable<ClubsTable>;

/** The registry is shared (no club of its own): every club's row, oldest first. */
export function listClubRows(db: Kysely<Database>): Promise<ClubRow[]> {
  return db.selectFrom('clubs').selectAll().orderBy('id').execute();
}

export async function insertClub(
  db: Kysely<Database>,
  club: { name: string; host: string; key: string; timezone: string },
): Promise<ClubRow> {
  return db.insertInto('clubs').values(club).returningAll().executeTakeFirstOrThrow();
}

export async function disableClubRow(db: Kysely<Database>, host: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('clubs')
    .set({ disabled_at: now })
    .where('host', '=', host)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
