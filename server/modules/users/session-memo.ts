import type { Kysely } from 'kysely';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { writeCountOf } from '../../db/write-count';
import { findSessionWithUser } from './sessions.repository';

type FoundSession = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

interface Kept {
  /** The write count the kept sessions were read under. */
  writes: number;
  sessions: Map<string, FoundSession>;
}

const KEPT_AT_MOST = 10_000;
const kept = new WeakMap<object, Kept>();

/**
 * The session check, answered from what this process last read while nothing has been written since: only
 * where the process is its database's one writer (PGlite, write-count.ts), so nobody else can have revoked a
 * session, changed an account or moved the data version meanwhile. Anything that may write, a session's
 * hourly touch included, empties it. The idle and revoked checks still run on each request (auth.service.ts),
 * against the clock of that request. Elsewhere (PostgreSQL) every request reads.
 */
export async function findSessionKept(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<FoundSession | undefined> {
  const count = writeCountOf(db);
  if (!count) return findSessionWithUser(db, tokenHash);
  const key = `${currentClub().id}/${tokenHash}`;
  let memo = kept.get(count);
  if (memo?.writes === count.value) {
    const found = memo.sessions.get(key);
    if (found) return found;
  }
  // The count before the read: a write that lands while it runs leaves the answer unkept.
  const before = count.value;
  const found = await findSessionWithUser(db, tokenHash);
  if (!found || count.value !== before) return found;
  if (memo?.writes !== before || memo.sessions.size >= KEPT_AT_MOST) {
    memo = { writes: before, sessions: new Map() };
    kept.set(count, memo);
  }
  memo.sessions.set(key, found);
  return found;
}
