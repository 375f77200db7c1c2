import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { currentClub } from '../../db/club-scope/current-club';
import { dataVersionColumn, toDataVersion } from '../../db/data-version';
import type { Database, SessionRow, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertSession(db: Db, tokenHash: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ token_hash: tokenHash, user_id: userId, created_at: now, last_used_at: now })
    .execute();
}

function sessionWithUserQuery(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.created_at as session_created_at', 'sessions.last_used_at as session_last_used_at'])
    .select(dataVersionColumn())
    .select(childLinksColumn)
    .where('sessions.token_hash', '=', tokenHash);
}

/**
 * The children the account guards, as `id/birth date/restricted` texts: read with the session, so an event
 * read can show a guardian their children's answers as their own, and a restricted guardian a child as
 * « Un membre » (docs/rules.md#families), at the cost of an indexed lookup and no second round trip.
 */
const childLinksColumn = sql<string[]>`array(
  select g.child_id::text || '/' || coalesce(c.birth_date, '') || '/' || g.is_restricted::text
  from guardianships g join users c on c.id = g.child_id and c.deleted_at is null
  where g.guardian_id = users.id)`.as('child_links');

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

type SessionWithUserRow = Awaited<ReturnType<ReturnType<typeof sessionWithUserQuery>['execute']>>[number];

// Compiled once per database and club (whose id the statement carries written in): building and compiling
// the query cost about as much as PGlite running it.
const compiledSessionQueries = new WeakMap<Db, Map<number, CompiledQuery<SessionWithUserRow>>>();

/**
 * The session and its user in one round trip: this runs before every signed-in request. The data version
 * comes along, read at the same moment, so a read may answer from what it kept at that version.
 */
export async function findSessionWithUser(
  db: Db,
  tokenHash: string,
): Promise<
  { session: SessionRow; user: UserRow; dataVersion: number; childLinks: SessionChildLink[] } | undefined
> {
  let perClub = compiledSessionQueries.get(db);
  if (!perClub) {
    perClub = new Map();
    compiledSessionQueries.set(db, perClub);
  }
  const clubId = currentClub().id;
  let compiled = perClub.get(clubId);
  if (!compiled) {
    compiled = sessionWithUserQuery(db, '').compile();
    if (compiled.parameters.length !== 1) throw new Error('the session query must take the token hash alone');
    perClub.set(clubId, compiled);
  }
  // The token hash is the query's one parameter.
  const query: CompiledQuery<SessionWithUserRow> = { ...compiled, parameters: [tokenHash] };
  const [row] = (await db.executeQuery(query)).rows;
  if (!row) return undefined;
  const { session_created_at, session_last_used_at, data_version, child_links, ...user } = row;
  return {
    session: {
      token_hash: tokenHash,
      user_id: user.id,
      created_at: session_created_at,
      last_used_at: session_last_used_at,
    },
    user,
    dataVersion: toDataVersion(data_version),
    childLinks: parseChildLinks(child_links),
  };
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
