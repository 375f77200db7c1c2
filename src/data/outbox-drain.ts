/**
 * Delivers the outbox, oldest first, one drainer at a time (Web Locks across tabs and the service
 * worker; the server's idempotency keys make a double send harmless anyway). Only rows of the signed-in
 * user (the Dexie session row) are sent.
 *  - 2xx: the row is removed and the server's answer replaces the cached state.
 *  - network error, 5xx, 429 (Retry-After honoured), 409 request_in_progress: kept, backed off; the drain
 *    stops there so later writes never overtake earlier ones.
 *  - 401: the drain stops and keeps every row — local work is never thrown away — until a new sign-in.
 *  - any other 4xx (e.g. event_full, idempotency_key_reused): final. The row is marked failed for the UI
 *    to show, and the event is fetched again so the cache shows the server's truth.
 */
import type { EventDto } from '../common/contract/event';
import type { EquipeeDb, OutboxRow } from './db';
import { withCheck } from './optimistic';

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

function isTransient(answer: DeliveryAnswer): boolean {
  if (answer.status >= 500 || answer.status === 429) return true;
  return answer.status === 409 && (answer.body as { code?: string } | null)?.code === 'request_in_progress';
}

async function storeAnswer(db: EquipeeDb, row: OutboxRow, body: unknown): Promise<void> {
  if (row.kind !== 'check') {
    await db.events.put(body as EventDto);
    return;
  }
  const state = body as { event_uuid: string; user_id: string | number; is_invited: boolean; is_checked: boolean };
  const event = await db.events.get(state.event_uuid);
  if (event) await db.events.put(withCheck(event, state.user_id, state.is_invited, state.is_checked));
}

export async function drainOutbox(db: EquipeeDb, transport: DrainTransport, now: () => number = Date.now): Promise<DrainOutcome> {
  const outcome: DrainOutcome = { sent: 0, failed: 0, stoppedBy: null };
  const session = await db.session.get('current');
  if (!session) return { ...outcome, stoppedBy: 'signed-out' };
  const rows = (await db.outbox.where('userId').equals(session.user.id).sortBy('id')).filter((r) => r.status === 'pending');

  for (const row of rows) {
    if (row.nextAttemptAt > now()) return { ...outcome, stoppedBy: 'retry-later' };
    let answer: DeliveryAnswer;
    try {
      answer = await transport.send(row, session.token);
    } catch {
      await db.outbox.update(row.id as number, { attempts: row.attempts + 1, nextAttemptAt: now() + backoffMs(row.attempts + 1), lastError: 'network_error' });
      return { ...outcome, stoppedBy: 'network' };
    }
    if (answer.status >= 200 && answer.status < 300) {
      await db.transaction('rw', db.events, db.outbox, async () => {
        await db.outbox.delete(row.id as number);
        await storeAnswer(db, row, answer.body);
      });
      outcome.sent++;
      continue;
    }
    if (answer.status === 401) return { ...outcome, stoppedBy: 'unauthorised' };
    if (isTransient(answer)) {
      const wait = answer.retryAfterSeconds !== undefined ? answer.retryAfterSeconds * 1000 : backoffMs(row.attempts + 1);
      await db.outbox.update(row.id as number, { attempts: row.attempts + 1, nextAttemptAt: now() + wait, lastError: String(answer.status) });
      return { ...outcome, stoppedBy: 'retry-later' };
    }
    const error = answer.body as { code?: string; message?: string } | null;
    await db.outbox.update(row.id as number, {
      status: 'failed',
      attempts: row.attempts + 1,
      lastError: JSON.stringify({ code: error?.code ?? 'server_error', message: error?.message ?? '' }),
    });
    outcome.failed++;
    const truth = await transport.fetchEvent(row.eventUuid, session.token).catch(() => null);
    if (truth) await db.events.put(truth);
  }
  return outcome;
}

let localChain: Promise<unknown> = Promise.resolve();

/** One drainer at a time: a Web Lock where there is one (tabs and worker), else one per JS context. */
export function withDrainLock<T>(work: () => Promise<T>): Promise<T | undefined> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return locks.request('equipee-outbox-drain', work) as Promise<T>;
  const run = localChain.then(work, work);
  localChain = run.catch(() => undefined);
  return run;
}

/** Delivers over HTTP with the stored token; used by the page and the service worker alike. */
export const httpTransport: DrainTransport = {
  async send(row, token) {
    const response = await fetch(row.path, {
      method: row.method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': row.idempotencyKey },
      body: JSON.stringify(row.body),
    });
    const body = await response.json().catch(() => null);
    const retryAfter = Number(response.headers.get('retry-after'));
    return { status: response.status, body, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
  },
  async fetchEvent(uuid, token) {
    const response = await fetch(`/api/event/${uuid}`, { headers: { Authorization: `Bearer ${token}` } });
    return response.ok ? ((await response.json()) as EventDto) : null;
  },
};
