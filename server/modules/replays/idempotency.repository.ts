import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A key's scope: one user, one method, one path (server-rules "Replays"). */
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

/** The placeholder row that holds the key for the action's transaction (status 0: not answered yet). */
export async function claimKey(trx: Db, scope: Scope, bodyHash: string, now: Date): Promise<void> {
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

/** A refusal, stored on its own after the action rolled back; a concurrent winner's row is kept. */
export async function saveRefusal(
  db: Db,
  scope: Scope,
  bodyHash: string,
  status: number,
  body: unknown,
  now: Date,
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      ...scope,
      body_hash: bodyHash,
      status_code: status,
      response_body: JSON.stringify(body),
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Scheduled: keys older than the time to live are forgotten. */
export async function deleteKeysOlderThan(db: Db, limit: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', limit).execute();
}
