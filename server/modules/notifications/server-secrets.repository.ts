import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A key the server signs with, as stored (base64url); throws when the club has none by that name. */
export async function readServerSecret(db: Kysely<Database>, name: string): Promise<string> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
