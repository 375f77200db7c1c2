/**
 * Delivers the outbox, oldest first, one drainer at a time (Web Locks across tabs and the service
 * worker; the server's idempotency keys make a double send harmless anyway). Only rows of the signed-in
 * user (the Dexie session row) are sent. Rows go in batches of up to LIMITS.replayBatchMax through
 * POST /api/replay (docs/rules.md#replays), which runs each as if sent alone, in order, and stops at the
 * first "retry later" answer; the answers are read in order, each with the rules below, and rows past the
 * last answer stay pending for the next round.
 *  - 2xx: the row is removed and the server's answer, read by the write's entry in offline-answers.ts, is cached with
 *    the still-pending writes laid over it.
 *  - network error, 5xx, 429 (Retry-After honoured), 409 request_in_progress: kept, backed off; the drain
 *    stops there so later writes never overtake earlier ones.
 *  - 401: the drain stops and keeps every row — local work is never thrown away — until a new sign-in.
 *  - any other 4xx (e.g. event_full, idempotency_key_reused), or a body the contract no longer accepts:
 *    final. The row is marked failed for the UI to show, and the event is fetched again so the cache
 *    shows the server's truth (with the other pending writes still laid over it).
 * The cache is written once per batch (one transaction: delivered rows out, answers in), not once per row:
 * each write re-reads the pending outbox to lay it over, and once per row made a long queue quadratic.
 *
 * Lanes. "Oldest first" holds within a lane, not across lanes: each kind names its lane in offline-writes.ts.
 * The main lane has the ticks, walk-ins, subscriptions, waiting list and declines, which bear on one another;
 * comments have their own (docs/rules.md#talking-around-an-event): a comment bears on no place or tick, and
 * one waiting out its 429 (a member's comments per hour) or a refusal must never hold the venue's ticks, nor
 * a stuck tick a comment. Each lane runs the rules above on its own rows, the main lane first, and a batch
 * never mixes lanes (the server stops a batch at its first "retry later" answer, which would hold the other
 * lane's rows behind it). A network error or a 401 stops every lane: they share the connection and the session.
 */

import { type ErrorBody, readErrorBody } from '@common/contract/errors';
import type { EventDto } from '@common/contract/event';
import { LIMITS } from '@common/contract/limits';
import { isRetryLater } from '@common/rules/replays';
import { keepDeliveredComments } from './comment-cache';
import type { EquipeeDb, OutboxRow, SessionRow } from './db';
import { type KeptRefusal, withStuffName } from './kit-refusal';
import { OFFLINE_ANSWERS } from './offline-answers';
import { type Lane, laneOf } from './offline-writes';
import { settleDeclines } from './pending-declines';
import { putServerEvents } from './server-events';

export interface DeliveryAnswer {
  status: number;
  body: unknown;
  retryAfterSeconds?: number;
}

export interface DrainTransport {
  /**
   * Sends these rows in one request, in order; rejects when the network fails. Answers one per row the
   * server ran, in order: fewer when it stopped at a "retry later" answer. When the request as a whole is
   * refused (401, 429, 5xx, 413…) the server ran nothing, and that answer comes back as the first row's.
   */
  sendBatch(rows: OutboxRow[], token: string): Promise<DeliveryAnswer[]>;
  fetchEvent(uuid: string, token: string): Promise<EventDto | null>;
}

export interface DrainOutcome {
  sent: number;
  failed: number;
  stoppedBy: null | 'network' | 'retry-later' | 'unauthorised' | 'signed-out';
}

const BASE_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 5 * 60_000;
/** Well under the server's 64 KiB body limit; a single larger row goes alone (and is refused alone). */
const BATCH_BYTES_MAX = 48 * 1024;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

const refusalOf = (body: unknown): ErrorBody =>
  readErrorBody(body) ?? { code: 'server_error', message: '', field: null };
const isSendable = (row: OutboxRow) => OFFLINE_ANSWERS[row.kind].bodySchema.safeParse(row.body).success;

/** The next rows to send together: due, in order, within the count and size caps. */
function nextBatch(rows: OutboxRow[], from: number, at: number): OutboxRow[] {
  const batch: OutboxRow[] = [];
  let bytes = 0;
  for (const row of rows.slice(from, from + LIMITS.replayBatchMax)) {
    if (row.nextAttemptAt > at) break;
    const size = JSON.stringify(row.body).length + 300;
    if (batch.length > 0 && bytes + size > BATCH_BYTES_MAX) break;
    bytes += size;
    batch.push(row);
  }
  return batch;
}

/** What a batch's answers decided, row by row, written to Dexie at once by `settle`. */
interface Verdicts {
  delivered: Array<{ row: OutboxRow; body: unknown }>;
  /** `uuid_stuff`: with `stuff_unavailable`, the kit's item that is gone, for the app to name (docs/rules.md#kit). */
  failed: Array<{ row: OutboxRow; refusal: KeptRefusal }>;
  /** The row the drain stops at, kept pending and not tried again before `nextAttemptAt`. */
  retry?: { row: OutboxRow; waitMs: number; lastError: string };
  stop: DrainOutcome['stoppedBy'];
}

/** Reads the answers in order, with the rules of the file's comment; 'network' when none came. */
function judge(batch: OutboxRow[], answers: DeliveryAnswer[] | 'network'): Verdicts {
  const verdicts: Verdicts = { delivered: [], failed: [], stop: null };
  const backoff = (row: OutboxRow) => backoffMs(row.attempts + 1);
  let next = 0;
  for (const row of batch) {
    if (!isSendable(row)) {
      verdicts.failed.push({ row, refusal: { code: 'invalid_input', message: '' } });
      continue;
    }
    if (answers === 'network') {
      verdicts.retry = { row, waitMs: backoff(row), lastError: 'network_error' };
      verdicts.stop = 'network';
      break;
    }
    const answer = answers[next++];
    if (!answer) {
      // The server stopped short without saying why: try again later rather than at once.
      verdicts.retry = { row, waitMs: backoff(row), lastError: 'no_answer' };
      verdicts.stop = 'retry-later';
      break;
    }
    if (answer.status >= 200 && answer.status < 300) {
      verdicts.delivered.push({ row, body: answer.body });
      continue;
    }
    if (answer.status === 401) {
      verdicts.stop = 'unauthorised';
      break;
    }
    const refusal = refusalOf(answer.body);
    if (isRetryLater(answer.status, refusal.code)) {
      const waitMs = answer.retryAfterSeconds !== undefined ? answer.retryAfterSeconds * 1000 : backoff(row);
      verdicts.retry = { row, waitMs, lastError: String(answer.status) };
      verdicts.stop = 'retry-later';
      break;
    }
    const { code, message, uuid_stuff, reasons } = refusal;
    verdicts.failed.push({
      row,
      refusal: { code, message, ...(uuid_stuff ? { uuid_stuff } : {}), ...(reasons ? { reasons } : {}) },
    });
  }
  return verdicts;
}

/**
 * Writes a batch's verdicts in one transaction: delivered rows removed, failed ones marked, the stopping
 * one backed off, and each answered event cached once (the last answer per event wins: each answer is read
 * over the previous one) with the pending writes laid over. Answers the events whose answer could not be
 * read, to be fetched again.
 */
async function settle(db: EquipeeDb, verdicts: Verdicts, now: number): Promise<string[]> {
  const unreadable: string[] = [];
  await db.transaction('rw', [db.events, db.outbox, db.session, db.myDeclines, db.comments], async () => {
    for (const { row, refusal } of verdicts.failed) {
      await db.outbox.update(row.id ?? 0, {
        status: 'failed',
        attempts: row.attempts + 1,
        lastError: JSON.stringify(await withStuffName(db, row.eventUuid, refusal)),
      });
    }
    const { retry } = verdicts;
    if (retry) {
      const attempts = retry.row.attempts + 1;
      await db.outbox.update(retry.row.id ?? 0, {
        attempts,
        nextAttemptAt: now + retry.waitMs,
        lastError: retry.lastError,
      });
    }
    await db.outbox.bulkDelete(verdicts.delivered.map(({ row }) => row.id ?? 0));
    await settleDeclines(
      db,
      verdicts.delivered.map(({ row }) => row),
      now,
    );
    await keepDeliveredComments(db, verdicts.delivered);
    const answered = new Map<string, EventDto>();
    for (const { row, body } of verdicts.delivered) {
      const cached = answered.get(row.eventUuid) ?? (await db.events.get(row.eventUuid));
      let event: EventDto | undefined;
      try {
        event = OFFLINE_ANSWERS[row.kind].readAnswer(body, cached);
      } catch {
        event = undefined;
      }
      if (event) answered.set(row.eventUuid, event);
      else unreadable.push(row.eventUuid);
    }
    if (answered.size > 0) await putServerEvents(db, [...answered.values()]);
  });
  return unreadable;
}

const LANES: readonly Lane[] = ['main', 'comments'];
/** Of the lanes' stops, the outcome says the one its caller must heed first. */
const STOP_RANK = { 'retry-later': 1, network: 2, unauthorised: 3, 'signed-out': 4 } as const;
const rankOf = (stop: DrainOutcome['stoppedBy']) => (stop === null ? 0 : STOP_RANK[stop]);

/** The signed-in user's pending rows, oldest first (another user's wait for their owner's next sign-in). */
async function pendingRows(db: EquipeeDb, session: SessionRow): Promise<OutboxRow[]> {
  return (await db.outbox.where('userId').equals(session.user.id).sortBy('id')).filter(
    (r) => r.status === 'pending',
  );
}

/** Whether a write of the signed-in user waits in the outbox, in any lane. */
export async function hasPendingRows(db: EquipeeDb): Promise<boolean> {
  const session = await db.session.get('current');
  if (!session) return false;
  const first = await db.outbox
    .where('userId')
    .equals(session.user.id)
    .filter((r) => r.status === 'pending')
    .first();
  return first !== undefined;
}

export async function drainOutbox(
  db: EquipeeDb,
  transport: DrainTransport,
  now: () => number = Date.now,
): Promise<DrainOutcome> {
  const outcome: DrainOutcome = { sent: 0, failed: 0, stoppedBy: null };
  const session = await db.session.get('current');
  if (!session) return { ...outcome, stoppedBy: 'signed-out' };
  const rows = await pendingRows(db, session);
  for (const lane of LANES) {
    const done = await drainLane(
      db,
      transport,
      session,
      rows.filter((row) => laneOf(row) === lane),
      now,
    );
    outcome.sent += done.sent;
    outcome.failed += done.failed;
    if (rankOf(done.stoppedBy) > rankOf(outcome.stoppedBy)) outcome.stoppedBy = done.stoppedBy;
    if (done.stoppedBy === 'network' || done.stoppedBy === 'unauthorised') break;
  }
  return outcome;
}

/**
 * When the drain may next send something: the earliest of each lane's oldest pending row (the row a lane waits
 * on), undefined when nothing is pending. A far wait in one lane never puts off another's.
 */
export async function nextDueAt(db: EquipeeDb): Promise<number | undefined> {
  const session = await db.session.get('current');
  if (!session) return undefined;
  const heads = new Map<Lane, number>();
  for (const row of await pendingRows(db, session)) {
    if (!heads.has(laneOf(row))) heads.set(laneOf(row), row.nextAttemptAt);
  }
  return heads.size > 0 ? Math.min(...heads.values()) : undefined;
}

/** One lane's rows, in order, batch after batch, until done or stopped. */
async function drainLane(
  db: EquipeeDb,
  transport: DrainTransport,
  session: SessionRow,
  rows: OutboxRow[],
  now: () => number,
): Promise<DrainOutcome> {
  const outcome: DrainOutcome = { sent: 0, failed: 0, stoppedBy: null };
  for (let from = 0; from < rows.length; ) {
    const batch = nextBatch(rows, from, now());
    if (batch.length === 0) return { ...outcome, stoppedBy: 'retry-later' };
    const sendable = batch.filter(isSendable);
    let answers: DeliveryAnswer[] | 'network' = [];
    if (sendable.length > 0) {
      answers = await transport.sendBatch(sendable, session.token).catch(() => 'network' as const);
    }
    const verdicts = judge(batch, answers);
    const unreadable = await settle(db, verdicts, now());
    outcome.sent += verdicts.delivered.length;
    outcome.failed += verdicts.failed.length;
    // The server's truth for refused writes and unreadable answers, with the pending writes laid over.
    const stale = new Set([...verdicts.failed.map(({ row }) => row.eventUuid), ...unreadable]);
    const truths = await Promise.all(
      [...stale].map((uuid) => transport.fetchEvent(uuid, session.token).catch(() => null)),
    );
    const fresh = truths.filter((event): event is EventDto => event !== null);
    if (fresh.length > 0) await putServerEvents(db, fresh);
    if (verdicts.stop) return { ...outcome, stoppedBy: verdicts.stop };
    from += batch.length;
  }
  return outcome;
}

/** The network is back: backoffs waited for exactly this, so every pending write may go now. */
export async function retryPendingNow(db: EquipeeDb): Promise<void> {
  await db.outbox.where('status').equals('pending').modify({ nextAttemptAt: 0 });
}
