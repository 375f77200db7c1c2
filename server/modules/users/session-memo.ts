import type { Kysely } from 'kysely';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database } from '../../db/schema';
import { writeCountOf } from '../../db/write-count';
import { readClubVersions } from './club-versions-read';
import { type FoundSession, findSessionWithUser } from './sessions.repository';

const KEPT_AT_MOST = 10_000;

interface KeptUnderWrites {
  /** The write count the kept sessions were read under. */
  writes: number;
  sessions: Map<string, FoundSession>;
}

const keptUnderWrites = new WeakMap<object, KeptUnderWrites>();
// biome-ignore lint/suspicious/noExplicitAny: keyed by the database object itself, any schema.
const keptUnderVersions = new WeakMap<Kysely<any>, Map<string, FoundSession>>();

/**
 * The session check, answered from what this process last read while nothing it depends on has changed.
 * - Where the process is its database's one writer (PGlite, write-count.ts), with no round trip at all while
 *   nothing has been written since: nobody else can have revoked a session, changed an account or moved the
 *   data version meanwhile. Anything that may write, a session's hourly touch included, empties it.
 * - Elsewhere (PostgreSQL, where other processes write), with one statement that reads the club's two
 *   counters: while its account version is the one the kept check was read at, no session, account or
 *   guardianship of the club has changed since, whichever process wrote; the data version is read fresh. The
 *   requests of a club asking at the same time share that read (club-versions-read.ts).
 *   Otherwise the whole check is read again.
 * The idle and revoked checks still run on each request (auth.service.ts), against the clock of that request.
 */
export async function findSessionKept(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<FoundSession | undefined> {
  const key = `${currentClub().id}/${tokenHash}`;
  const count = writeCountOf(db);
  return count
    ? keptWhileNothingWritten(db, count, key, tokenHash)
    : keptWhileAccountsStill(db, key, tokenHash);
}

async function keptWhileNothingWritten(
  db: Kysely<Database>,
  count: { value: number },
  key: string,
  tokenHash: string,
): Promise<FoundSession | undefined> {
  let memo = keptUnderWrites.get(count);
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
    keptUnderWrites.set(count, memo);
  }
  memo.sessions.set(key, found);
  return found;
}

async function keptWhileAccountsStill(
  db: Kysely<Database>,
  key: string,
  tokenHash: string,
): Promise<FoundSession | undefined> {
  let memo = keptUnderVersions.get(db);
  if (!memo) {
    memo = new Map();
    keptUnderVersions.set(db, memo);
  }
  const kept = memo.get(key);
  if (kept) {
    const versions = await readClubVersions(db);
    if (versions?.accountVersion === kept.accountVersion)
      return { ...kept, dataVersion: versions.dataVersion };
    memo.delete(key);
  }
  const found = await findSessionWithUser(db, tokenHash);
  if (!found) return found;
  if (memo.size >= KEPT_AT_MOST) memo.clear();
  memo.set(key, found);
  return found;
}
