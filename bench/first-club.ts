import type { Kysely } from 'kysely';
import type { Config } from '../server/config';
import { clubRegistry } from '../server/db/club-scope/club-registry';
import { setFallbackClub } from '../server/db/club-scope/current-club';
import type { Database } from '../server/db/schema';

/**
 * The benches seed their one club straight into the database, as the tests do: its statements run for the
 * first club (the server itself never has such a fallback; its requests and jobs each name their club).
 */
export async function seedAsFirstClub(db: Kysely<Database>, config: Config): Promise<void> {
  const [first] = await clubRegistry(db, config).all();
  setFallbackClub(first);
}
