import type { Kysely } from 'kysely';
import { currentClub, runInClub } from '../../db/club-scope/current-club';
import { ReadAfterArrival } from '../../db/read-after-arrival';
import type { Database } from '../../db/schema';
import { findClubVersions } from './sessions.repository';

type Versions = Awaited<ReturnType<typeof findClubVersions>>;

// biome-ignore lint/suspicious/noExplicitAny: keyed by the database object itself, any schema.
const readsOf = new WeakMap<Kysely<any>, Map<number, ReadAfterArrival<Versions>>>();

/**
 * The club's data and account versions as of a moment after this call, the read shared by the club's
 * requests that ask at the same time (read-after-arrival.ts; docs/architecture.md, "The session kept on
 * PostgreSQL"): ten signed-in requests at once cost two statements, not ten.
 */
export function readClubVersions(db: Kysely<Database>): Promise<Versions> {
  const club = currentClub();
  let clubs = readsOf.get(db);
  if (!clubs) {
    clubs = new Map();
    readsOf.set(db, clubs);
  }
  let reads = clubs.get(club.id);
  if (!reads) {
    reads = new ReadAfterArrival();
    clubs.set(club.id, reads);
  }
  return reads.read(() => runInClub(club, () => findClubVersions(db)));
}
