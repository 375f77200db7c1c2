/**
 * Delivers the outbox, oldest first, one drainer at a time (Web Locks across tabs and the service
 * worker; the server's idempotency keys make a double send harmless anyway). Only rows of the signed-in
 * user (the Dexie session row) are sent.
 *  - 2xx: the row is removed and the server's answer, read by the write's entry in offline-answers.ts, is cached with
 *    the still-pending writes laid over it.
 *  - network error, 5xx, 429 (Retry-After honoured), 409 request_in_progress: kept, backed off; the drain
 *    stops there so later writes never overtake earlier ones.
 *  - 401: the drain stops and keeps every row — local work is never thrown away — until a new sign-in.
 *  - any other 4xx (e.g. event_full, idempotency_key_reused), or a body the contract no longer accepts:
 *    final. The row is marked failed for the UI to show, and the event is fetched again so the cache
 *    shows the server's truth (with the other pending writes still laid over it).
 */

import { readErrorBody } from '../../common/contract/errors';
import { type EventDto, eventSchema } from '../../common/contract/event';
import { trackedFetch } from './connectivity';
import type { EquipeeDb, OutboxRow } from './db';
import { OFFLINE_ANSWERS } from './offline-answers';
import { OFFLINE_WRITES } from './offline-writes';
import { putServerEvents } from './server-events';

export interface DeliveryAnswer {
  status: number;
  body: unknown;
  retryAfterSeconds?: number;
}

export interface DrainTransport {
  /** Rejects when the network fails; otherwise answers whatever the server said. */
  send(row: OutboxRow, token: string): Promise<DeliveryAnswer>;
  fetchEvent(uuid: string, token: string): Promise<EventDto | null>;
}

export interface DrainOutcome {
  sent: number;
  failed: number;
  stoppedBy: null | 'network' | 'retry-later' | 'unauthorised' | 'signed-out';
}

const BASE_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 5 * 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

const refusalOf = (body: unknown) => readErrorBody(body) ?? { code: 'server_error', message: '' };

function isTransient(answer: DeliveryAnswer): boolean {
  if (answer.status >= 500 || answer.status === 429) return true;
  return answer.status === 409 && refusalOf(answer.body).code === 'request_in_progress';
}

/** The cached event once the server's answer to this row is known; undefined when it cannot be read. */
async function answeredEvent(db: EquipeeDb, row: OutboxRow, body: unknown): Promise<EventDto | undefined> {
  try {
    return OFFLINE_ANSWERS[row.kind].readAnswer(body, await db.events.get(row.eventUuid));
  } catch {
    return undefined;
  }
}

export async function drainOutbox(
  db: EquipeeDb,
  transport: DrainTransport,
  now: () => number = Date.now,
): Promise<DrainOutcome> {
  const outcome: DrainOutcome = { sent: 0, failed: 0, stoppedBy: null };
  const session = await db.session.get('current');
  if (!session) return { ...outcome, stoppedBy: 'signed-out' };
  const rows = (await db.outbox.where('userId').equals(session.user.id).sortBy('id')).filter(
    (r) => r.status === 'pending',
  );
  const markFailed = async (row: OutboxRow, refusal: { code: string; message: string }) => {
    await db.outbox.update(row.id ?? 0, {
      status: 'failed',
      attempts: row.attempts + 1,
      lastError: JSON.stringify(refusal),
    });
    outcome.failed++;
    const truth = await transport.fetchEvent(row.eventUuid, session.token).catch(() => null);
    if (truth) await putServerEvents(db, [truth]);
  };

  for (const row of rows) {
    const id = row.id ?? 0;
    if (row.nextAttemptAt > now()) return { ...outcome, stoppedBy: 'retry-later' };
    if (!OFFLINE_ANSWERS[row.kind].bodySchema.safeParse(row.body).success) {
      await markFailed(row, { code: 'invalid_input', message: '' });
      continue;
    }
    let answer: DeliveryAnswer;
    try {
      answer = await transport.send(row, session.token);
    } catch {
      const attempts = row.attempts + 1;
      await db.outbox.update(id, {
        attempts,
        nextAttemptAt: now() + backoffMs(attempts),
        lastError: 'network_error',
      });
      return { ...outcome, stoppedBy: 'network' };
    }
    if (answer.status >= 200 && answer.status < 300) {
      const event = await answeredEvent(db, row, answer.body);
      await db.transaction('rw', db.events, db.outbox, db.session, async () => {
        await db.outbox.delete(id);
        if (event) await putServerEvents(db, [event]);
      });
      if (!event) {
        const truth = await transport.fetchEvent(row.eventUuid, session.token).catch(() => null);
        if (truth) await putServerEvents(db, [truth]);
      }
      outcome.sent++;
      continue;
    }
    if (answer.status === 401) return { ...outcome, stoppedBy: 'unauthorised' };
    if (isTransient(answer)) {
      const attempts = row.attempts + 1;
      const wait =
        answer.retryAfterSeconds !== undefined ? answer.retryAfterSeconds * 1000 : backoffMs(attempts);
      await db.outbox.update(id, { attempts, nextAttemptAt: now() + wait, lastError: String(answer.status) });
      return { ...outcome, stoppedBy: 'retry-later' };
    }
    const { code, message } = refusalOf(answer.body);
    await markFailed(row, { code, message });
  }
  return outcome;
}

/** The network is back: backoffs waited for exactly this, so every pending write may go now. */
export async function retryPendingNow(db: EquipeeDb): Promise<void> {
  await db.outbox.where('status').equals('pending').modify({ nextAttemptAt: 0 });
}

let localChain: Promise<unknown> = Promise.resolve();

/** One drainer at a time: a Web Lock where there is one (tabs and worker), else one per JS context. */
export function withDrainLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  // The lock's promise resolves to the work's promise; `then` flattens it.
  if (locks) return locks.request('equipee-outbox-drain', work).then((result) => result);
  const run = localChain.then(work, work);
  localChain = run.catch(() => undefined);
  return run;
}

/** Delivers over HTTP with the stored token; used by the page and the service worker alike. */
export const httpTransport: DrainTransport = {
  async send(row, token) {
    const { method, path } = OFFLINE_WRITES[row.kind];
    const response = await trackedFetch(path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': row.idempotencyKey,
      },
      body: JSON.stringify(row.body),
    });
    const body: unknown = await response.json().catch(() => null);
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      status: response.status,
      body,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    };
  },
  async fetchEvent(uuid, token) {
    const response = await trackedFetch(`/api/event/${uuid}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) return null;
    const parsed = eventSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  },
};
