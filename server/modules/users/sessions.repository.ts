import { CompiledQuery, type Kysely } from 'kysely';
import { READS_IN_ITS_OWN_CLUB } from '../../db/club-scope/club-scoped-dialect';
import { currentClub } from '../../db/club-scope/current-club';
import { toDataVersion } from '../../db/data-version';
import type { Database, SessionRow, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertSession(db: Db, tokenHash: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ token_hash: tokenHash, user_id: userId, created_at: now, last_used_at: now })
    .execute();
}

/** One child of the signed-in account, as its session carries it. */
export interface SessionChildLink {
  id: string;
  birthDate: string | null;
  isRestricted: boolean;
}

function parseChildLinks(links: string[] | null): SessionChildLink[] {
  return (links ?? []).map((link) => {
    const [id = '', birthDate = '', restricted] = link.split('/');
    return { id, birthDate: birthDate || null, isRestricted: restricted === 'true' };
  });
}

type SessionWithUserRow = UserRow & {
  session_created_at: Date;
  session_last_used_at: Date;
  data_version: string;
  account_version: string;
  child_links: string[] | null;
};

/**
 * The session check as one statement: `session_check` (migrations 2026-12-16-01 and 2026-12-17-01) sets the
 * club for its own transaction and reads the session, its account (`account`, the users row, spread into its
 * columns here), the club's data and account versions and the children the account guards (`id/birth date/restricted` texts, so an
 * event read can show a guardian their children's answers as their own and a restricted guardian a child
 * as « Un membre », docs/rules.md#families). The club's id is written in, as club-id-conditions.ts writes
 * it, and the token hash is the one parameter: the text is the same for every request of a club, so the
 * database plans it once per connection.
 */
function sessionCheckStatement(clubId: number, tokenHash: string): CompiledQuery<SessionWithUserRow> {
  if (!Number.isSafeInteger(clubId)) throw new Error('a club id is an integer');
  return CompiledQuery.raw(
    `${READS_IN_ITS_OWN_CLUB}select (c.account).*, c.session_created_at, c.session_last_used_at, c.data_version, c.account_version, c.child_links from session_check(${clubId}, $1) c`,
    [tokenHash],
  );
}

/** What the session check found: the session, its account, the club's two counters, the children guarded. */
export interface FoundSession {
  session: SessionRow;
  user: UserRow;
  dataVersion: number;
  /** The club's account version the rest was read at (migration 2026-12-17-01). */
  accountVersion: string;
  childLinks: SessionChildLink[];
}

/**
 * The session and its user in one round trip. The data version comes along, read at the same moment, so a
 * read may answer from what it kept at that version; the account version too, so the process may keep
 * what it found while that counter stands still (session-memo.ts).
 */
export async function findSessionWithUser(db: Db, tokenHash: string): Promise<FoundSession | undefined> {
  const [row] = (await db.executeQuery(sessionCheckStatement(currentClub().id, tokenHash))).rows;
  if (!row) return undefined;
  const { session_created_at, session_last_used_at, data_version, account_version, child_links, ...user } =
    row;
  return {
    session: {
      token_hash: tokenHash,
      user_id: user.id,
      created_at: session_created_at,
      last_used_at: session_last_used_at,
    },
    user,
    dataVersion: toDataVersion(data_version),
    accountVersion: account_version,
    childLinks: parseChildLinks(child_links),
  };
}

/**
 * The club's data and account versions alone, in one statement that sets its club (`club_versions`,
 * migration 2026-12-17-01): what a process that kept a session check reads instead of the whole check.
 */
export async function findClubVersions(
  db: Db,
): Promise<{ dataVersion: number; accountVersion: string } | undefined> {
  const clubId = currentClub().id;
  if (!Number.isSafeInteger(clubId)) throw new Error('a club id is an integer');
  const statement: CompiledQuery<{ data_version: string; account_version: string }> = CompiledQuery.raw(
    `${READS_IN_ITS_OWN_CLUB}select data_version, account_version from club_versions(${clubId})`,
    [],
  );
  const [row] = (await db.executeQuery(statement)).rows;
  return row && { dataVersion: toDataVersion(row.data_version), accountVersion: row.account_version };
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Every session of the member but `keepTokenHash`'s. */
export async function deleteOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .execute();
}
