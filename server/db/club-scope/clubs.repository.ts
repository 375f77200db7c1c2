import { type Kysely, type Selectable, sql } from 'kysely';
import type { ClubsTable } from '../clubs-schema';
import type { Database } from '../schema';

export type ClubRow = Selectable<ClubsTable>;

/** The registry is shared (no club of its own): every club's row, oldest first. */
export function listClubRows(db: Kysely<Database>): Promise<ClubRow[]> {
  return db.selectFrom('clubs').selectAll().orderBy('id').execute();
}

/** The id of the club that answers this host, if any (enabled or not). */
export async function findClubIdByHost(db: Kysely<Database>, host: string): Promise<number | undefined> {
  const row = await db.selectFrom('clubs').select('id').where('host', '=', host).executeTakeFirst();
  return row?.id;
}

/** Takes the next club id from the registry's sequence, before the row exists (its key is made from it). */
export async function nextClubId(db: Kysely<Database>): Promise<number | undefined> {
  const { rows } = await sql<{ id: number }>`select nextval('clubs_id_seq')::integer as id`.execute(db);
  return rows[0]?.id;
}

export async function insertClubWithId(
  db: Kysely<Database>,
  club: { id: number; name: string; host: string; key: string; timezone: string },
): Promise<void> {
  await db.insertInto('clubs').values(club).execute();
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

/** Undoes disableClubRow: false when no disabled club answers this host. */
export async function enableClubRow(db: Kysely<Database>, host: string): Promise<boolean> {
  const result = await db
    .updateTable('clubs')
    .set({ disabled_at: null })
    .where('host', '=', host)
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
