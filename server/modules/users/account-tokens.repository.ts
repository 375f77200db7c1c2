import type { Insertable, Kysely } from 'kysely';
import type { AccountTokensTable, Database } from '../../db/schema';

type Db = Kysely<Database>;
type Kind = AccountTokensTable['kind'];

/** Issues a token of this kind and voids every earlier one of the same kind for the user. */
export async function replaceAccountToken(
  db: Db,
  userId: string,
  kind: Kind,
  tokenHash: string,
  now: Date,
  ttlMs: number,
) {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('kind', '=', kind).execute();
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      kind,
      created_at: now,
      expires_at: new Date(now.getTime() + ttlMs),
      used_at: null,
    })
    .execute();
}

/** The user a usable token (right kind, unused, unexpired) belongs to, locking the token row. */
export async function claimAccountToken(
  db: Db,
  tokenHash: string,
  kind: Kind,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= now) return undefined;
  await db.updateTable('account_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).execute();
  return row.user_id;
}

/** When the user's newest unused token of this kind was issued (none: undefined). */
export async function findLatestTokenIssuedAt(db: Db, userId: string, kind: Kind): Promise<Date | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

/** For each user with one, when their newest unused link of this kind was issued (the Admins' list). */
export async function latestTokensIssuedAt(db: Db, kind: Kind): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('account_tokens')
    .select(['user_id', (eb) => eb.fn.max('created_at').as('issued_at')])
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, new Date(row.issued_at)]));
}

/** Every pending link of the user, of any kind (a reset, a revoke, a deletion). */
export async function deleteAccountTokens(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
}

/** The user's pending links of one kind (a withdrawn email change). */
export async function deleteAccountTokensOfKind(db: Db, userId: string, kind: Kind): Promise<void> {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('kind', '=', kind).execute();
}

/** Several tokens in one statement, as given (a member import's confirmation links). */
export async function insertAccountTokens(
  db: Db,
  rows: Array<Insertable<AccountTokensTable>>,
): Promise<void> {
  await db.insertInto('account_tokens').values(rows).execute();
}
