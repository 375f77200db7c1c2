import { type Kysely, sql } from 'kysely';
import type { ClubTable } from '../../db/club-scope/club-tables';
import type { Database } from '../../db/schema';

/** Every row of one club-owned table that belongs to the club, `club_id` included. */
export async function readClubTableRows(
  db: Kysely<Database>,
  table: ClubTable,
  clubId: number,
): Promise<Array<Record<string, unknown>>> {
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where club_id = ${clubId}`.execute(db);
  return rows;
}
