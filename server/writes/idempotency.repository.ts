import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A key's scope: one user, one method, one path (docs/rules.md#replays). */
export type Scope = { user_id: string; method: string; path: string; key: string };

export interface StoredKey {
  body_hash: string;
  status_code: number;
  response_body: string;
  created_at: Date;
}

export function findKey(db: Db, scope: Scope): Promise<StoredKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['body_hash', 'status_code', 'response_body', 'created_at'])
    .where('user_id', '=', scope.user_id)
    .where('method', '=', scope.method)
    .where('path', '=', scope.path)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

export async function deleteKey(db: Db, scope: Scope): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where((eb) => eb.and(Object.entries(scope).map(([k, v]) => eb(k as keyof Scope, '=', v))))
    .execute();
}

/** PostgreSQL only: a duplicate waits this long for the first request's lock, then gets 409. */
export async function setLockTimeout(trx: Db): Promise<void> {
  await sql`set local lock_timeout = '10s'`.execute(trx);
}

/**
 * Makes room for one more key of this user: deletes their oldest beyond the newest `keep - 1`, so at most
 * `keep` remain once it is stored. Run in the storing transaction. Ties on created_at (one clock reading
 * for several keys) are broken by the key's own columns, so the choice is stable. Rows of concurrent
 * transactions not yet committed are not seen, so a burst may briefly hold a few more than `keep`.
 * The newest key past the limit is found once (a row subquery, run once), and every key at or below it
 * goes. A `(method, path, key) IN (… OFFSET …)` is run again for each row it tests (a row-value IN is not
 * hashed): it made each write of a user near the limit cost ~30 ms instead of ~2 ms.
 */
async function dropOldestKeysBeyond(trx: Db, userId: string, keep: number): Promise<void> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb(
        // Row values compare column by column, in the order below: at or below is "as old or older".
        eb.refTuple('created_at', 'method', 'path', 'key'),
        '<=',
        eb
          .selectFrom('idempotency_keys')
          .select(['created_at', 'method', 'path', 'key'])
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('method', 'desc')
          .orderBy('path', 'desc')
          .orderBy('key', 'desc')
          .offset(Math.max(0, keep - 1))
          .limit(1)
          .$asTuple('created_at', 'method', 'path', 'key'),
      ),
    )
    .execute();
}

/**
 * The placeholder row that holds the key for the action's transaction (status 0: not answered yet), after
 * making room for it: at most `keep` keys per user.
 */
export async function claimKey(
  trx: Db,
  scope: Scope,
  bodyHash: string,
  now: Date,
  keep: number,
): Promise<void> {
  await dropOldestKeysBeyond(trx, scope.user_id, keep);
  await trx
    .insertInto('idempotency_keys')
    .values({ ...scope, body_hash: bodyHash, status_code: 0, response_body: '', created_at: now })
    .execute();
}

export async function saveAnswer(trx: Db, scope: Scope, status: number, body: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: status, response_body: JSON.stringify(body) })
    .where('user_id', '=', scope.user_id)
    .where('method', '=', scope.method)
    .where('path', '=', scope.path)
    .where('key', '=', scope.key)
    .execute();
}

/**
 * A refusal, stored after the action rolled back (run it in a transaction of its own: it makes room as
 * claimKey does, at most `keep` keys per user); a concurrent winner's row is kept.
 */
export async function saveRefusal(
  trx: Db,
  scope: Scope,
  bodyHash: string,
  answer: { status: number; body: unknown },
  now: Date,
  keep: number,
): Promise<void> {
  await dropOldestKeysBeyond(trx, scope.user_id, keep);
  await trx
    .insertInto('idempotency_keys')
    .values({
      ...scope,
      body_hash: bodyHash,
      status_code: answer.status,
      response_body: JSON.stringify(answer.body),
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Scheduled: keys older than the time to live are forgotten. */
export async function deleteKeysOlderThan(db: Db, limit: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', limit).execute();
}
