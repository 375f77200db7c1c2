import { type Kysely, sql } from 'kysely';
import { currentClub } from './club-scope/current-club';
import type { Database } from './schema';

/**
 * The data version (migration 2026-11-23-04): moves by one with every committed write to what the week
 * read shows, whichever path or process wrote. As a column, so a query that runs anyway (the session
 * check before every signed-in request) brings it along without a round trip of its own. Text in SQL,
 * since drivers disagree on bigint; a number here (2^53 writes is out of reach). The club's id is written
 * in (a literal, like club-id-conditions.ts writes it) so a statement compiled once per club stays valid.
 */
export function dataVersionColumn() {
  return sql<string>`(select version::text from data_version where club_id = ${sql.lit(currentClub().id)})`.as(
    'data_version',
  );
}

export function toDataVersion(text: string): number {
  return Number(text);
}

export async function readDataVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectNoFrom(dataVersionColumn()).executeTakeFirstOrThrow();
  return toDataVersion(row.data_version);
}

/** A new club's data version, starting at 1. */
export async function insertDataVersion(db: Kysely<Database>, clubId: number): Promise<void> {
  await sql`insert into data_version (club_id, version) values (${clubId}, 1)`.execute(db);
}
