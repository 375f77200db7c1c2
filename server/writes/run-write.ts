import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../app-deps';
import type { Database } from '../db/schema';
import { type Answer, idempotent } from './idempotency';

type Action<T> = (trx: Kysely<Database>) => Promise<T>;

/**
 * The one way a route writes: the whole action in one transaction (nothing is half-written), then one
 * kick of the mail and push workers after the commit — mail (and pushes) queued by the action sits in that transaction, and a
 * kick before the commit would find nothing to send (a kick with nothing queued costs one empty round).
 */
export async function runWrite<T>(deps: AppDeps, action: Action<T>): Promise<T> {
  const result = await deps.db.transaction().execute(action);
  deps.mail.kick();
  deps.push?.kick();
  return result;
}

/**
 * runWrite for the writes the app queues offline (checklist, subscribe status, waiting list): with an
 * `Idempotency-Key` header the key is recorded in the same transaction and a replay gets the first answer
 * (see idempotent). Only those routes accept the header (docs/rules.md#replays). The action answers status and body,
 * since refusals and answers are stored and replayed alike.
 */
export async function runReplayableWrite(
  deps: AppDeps,
  request: FastifyRequest,
  action: Action<Answer>,
): Promise<Answer> {
  const answer = await idempotent(deps, request, action);
  deps.mail.kick();
  deps.push?.kick();
  return answer;
}
