import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { IDEMPOTENCY_KEY_PATTERN } from '@common/contract/replay';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../app-deps';
import type { Database } from '../db/schema';
import { HttpError } from '../http-error';
import { errorMessage, languageFromHeader } from '../i18n/catalogue';
import { authOf } from '../plugins/auth';
import {
  claimKey,
  deleteKey,
  deleteKeysOlderThan,
  findKey,
  type Scope,
  saveAnswer,
  saveRefusal,
  setLockTimeout,
} from './idempotency.repository';

export const KEY_TTL_MS = 30 * 24 * 3_600_000;
/**
 * Keys kept per user: storing one more drops that user's oldest first, so no account piles up rows (the
 * 30-day purge alone bounds age, not count). A key matters only until its answer reaches the app, whose
 * outbox sends in order: when a thousand newer writes of the same user are stored, it has long been
 * answered. A busy organiser ticking a 300-row checklist offline stays far below.
 */
export const KEYS_PER_USER_MAX = 1_000;
const FINAL_STATUSES = new Set([400, 403, 404, 409]);

export interface Answer {
  status: number;
  body: unknown;
}

/** A write's success, as an answer that can be stored and replayed. */
export const okAnswer = (body: unknown): Answer => ({ status: 200, body });

/** Sends an answer, fresh or replayed, as it is. */
export const sendAnswer = (reply: FastifyReply, answer: Answer) =>
  reply.status(answer.status).send(answer.body);

/**
 * Replays (docs/rules.md#replays): a write sent again with the same `Idempotency-Key` by the same user to the same
 * method and path answers what the first one answered, without doing it twice. The key row is inserted in
 * the action's own transaction, under the primary key (user, method, path, key): a concurrent duplicate
 * blocks on that insert until the first commits (then reads its answer) or rolls back (then runs itself);
 * past the lock timeout it gets 409 `request_in_progress`. Refusals (400, 403, 404, 409) are stored too,
 * in a transaction of their own since the action's rolled back; 401, 429 and 5xx are never stored, so the
 * write is tried again later. The same key with another body is 422 `idempotency_key_reused`.
 */
export async function idempotent(
  deps: AppDeps,
  request: FastifyRequest,
  action: (trx: Kysely<Database>) => Promise<Answer>,
): Promise<Answer> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return deps.db.transaction().execute(action);
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw new HttpError(400, 'invalid_input', 'Idempotency-Key');

  const scope: Scope = {
    user_id: authOf(request).user.id,
    method: request.method,
    path: (request.url.split('?')[0] ?? '').slice(0, 300),
    key: header,
  };
  const bodyHash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  testLog(deps, 'received', header);
  const stored = await readStored(deps, scope, bodyHash);
  if (stored) return stored;

  try {
    const answer = await deps.db.transaction().execute(async (trx) => {
      if (deps.dbKind === 'postgres') await setLockTimeout(trx);
      await claimKey(trx, scope, bodyHash, deps.now(), KEYS_PER_USER_MAX);
      const answer = await action(trx);
      await saveAnswer(trx, scope, answer.status, answer.body);
      return answer;
    });
    testLog(deps, 'executed', header);
    return answer;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23505') {
      const winner = await readStored(deps, scope, bodyHash);
      if (winner) return winner;
    }
    if (code === '55P03') throw new HttpError(409, 'request_in_progress');
    if (error instanceof HttpError && FINAL_STATUSES.has(error.statusCode)) {
      const body = {
        code: error.code,
        message: errorMessage(error.code, languageFromHeader(request.headers['accept-language'])),
        field: error.field,
      };
      const refusal = { status: error.statusCode, body };
      await deps.db
        .transaction()
        .execute((trx) => saveRefusal(trx, scope, bodyHash, refusal, deps.now(), KEYS_PER_USER_MAX));
      testLog(deps, 'executed', header);
    }
    throw error;
  }
}

/** The request's `Idempotency-Key`, for the records that keep it (the checklist log); null when none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' ? header : null;
}

/** Test-only (EQUIPEE_TEST_REPLAY_LOG): one line per key received and per key executed. */
function testLog(deps: AppDeps, what: 'received' | 'executed', key: string): void {
  if (deps.config.testReplayLog)
    fs.appendFileSync(deps.config.testReplayLog, `${JSON.stringify({ what, key })}\n`);
}

async function readStored(deps: AppDeps, scope: Scope, bodyHash: string): Promise<Answer | undefined> {
  const row = await findKey(deps.db, scope);
  if (!row) return undefined;
  if (row.created_at.getTime() < deps.now().getTime() - KEY_TTL_MS) {
    await deleteKey(deps.db, scope);
    return undefined;
  }
  if (row.body_hash !== bodyHash) throw new HttpError(422, 'idempotency_key_reused');
  return { status: row.status_code, body: JSON.parse(row.response_body) };
}

/** Scheduled: keys older than 30 days are forgotten. */
export async function purgeOldKeys(db: Kysely<Database>, now: Date): Promise<void> {
  await deleteKeysOlderThan(db, new Date(now.getTime() - KEY_TTL_MS));
}
