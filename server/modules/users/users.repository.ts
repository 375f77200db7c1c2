import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema';

type Db = Kysely<Database>;

export function findUserByLogin(db: Db, usernameOrEmail: string): Promise<UserRow | undefined> {
  const login = usernameOrEmail.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login)]))
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByIdForUpdate(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export type NewAccount = Pick<
  NewUserRow,
  'username' | 'email' | 'password_hash' | 'role_name' | 'confirmed_at' | 'created_at'
>;

/** A new account with a fresh id and an empty profile. */
/** The profile of an account nobody has filled in yet. */
export const EMPTY_PROFILE = {
  last_name: null,
  first_name: null,
  street: null,
  city: null,
  zip_code: null,
  phone: null,
  shoe_size: null,
} as const;

export async function insertUser(db: Db, account: NewAccount): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ id: randomUUID(), locked_until: null, ...EMPTY_PROFILE, ...account })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

const SIGN_IN_DECOY_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The decoy row, locked: a failed sign-in on an unknown name locks and updates it (as a real account's
 * failure does its row), so both cost the same work (the table has the columns and indexes of users).
 */
export function lockSignInDecoy(trx: Db): Promise<UserRow | undefined> {
  return trx
    .selectFrom('sign_in_decoy')
    .selectAll()
    .where('id', '=', SIGN_IN_DECOY_ID)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateSignInDecoy(trx: Db, changes: UserUpdate): Promise<void> {
  await trx.updateTable('sign_in_decoy').set(changes).where('id', '=', SIGN_IN_DECOY_ID).execute();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** As findUserByEmail, locking the row: two reset Asks for one account (even in two processes) go in turn. */
export function findUserByEmailForUpdate(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}

export function findUsersByUsernameOrEmail(db: Db, username: string, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
    .forUpdate()
    .execute();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  // A deleted account keeps its row for the attendance records (docs/rules.md#members-in-and-out), not a line on the users screen.
  return db.selectFrom('users').selectAll().where('deleted_at', 'is', null).orderBy('username').execute();
}

export async function countUsers(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function isUsernameOrEmailTaken(
  db: Db,
  username: string,
  email: string,
): Promise<'username' | 'email' | null> {
  const row = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
    .executeTakeFirst();
  if (!row) return null;
  return row.username === username ? 'username' : 'email';
}

/** Every account's username and email, whatever its state: what a member import plans against. */
/** What the member import checks a file against: each account's names, address, birth date, and guardians. */
export function listImportFacts(db: Db): Promise<
  Array<
    Pick<UserRow, 'id' | 'username' | 'email' | 'first_name' | 'last_name' | 'birth_date'> & {
      is_guarded: boolean;
    }
  >
> {
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.birth_date',
      eb
        .exists(
          eb
            .selectFrom('guardianships')
            .select('child_id')
            .whereRef('guardianships.child_id', '=', 'users.id'),
        )
        .$castTo<boolean>()
        .as('is_guarded'),
    ])
    .execute();
}

/** Any fixed number: the lock that makes two imports, even in two processes, go one after the other. */
const IMPORT_LOCK = 2_029_001;

/** Holds the club's member-import lock until the transaction ends. */
export async function lockMemberImports(db: Db, clubId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${clubId})`.execute(db);
}

/** Several accounts in one statement, each row complete (id and profile given by the caller). */
export async function insertUsers(db: Db, rows: NewUserRow[]): Promise<void> {
  await db.insertInto('users').values(rows).execute();
}

export function findUsersByIds(db: Db, ids: string[]): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}
