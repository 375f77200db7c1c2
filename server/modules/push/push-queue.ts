import { randomUUID } from 'node:crypto';
import type { PushMessage } from '@common/contract/push';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../../db/schema';
import { endpointUrl, type PushNetwork, publicAddressOf } from '../../push-network';
import {
  type DuePush,
  deletePush,
  deleteSubscriptionById,
  insertPush,
  leasePushes,
  lockDuePushes,
  reschedulePush,
  subscriptionsOf,
} from './push.repository';
import type { VapidKeys } from './vapid-keys';

/**
 * The push queue, built like the mail queue (mail/mail-queue.ts): an action only inserts rows in its own
 * transaction, one per device of the recipient; the worker claims due rows in batches under a lease
 * and sends each as a standard Web Push request (RFC 8030, payload encrypted with aes128gcm for the
 * device's keys, RFC 8291, and signed with our VAPID key, RFC 8292). A 404 or 410 means the device
 * unsubscribed: its subscription is deleted, with whatever was still queued for it. Other failures are
 * retried a few times, then dropped: a push is only a nudge, the data is in the app and in the email.
 */

/** Delays after each failed attempt: 4 tries over about 20 minutes. */
export const PUSH_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000];
const PUSH_MAX_ATTEMPTS = PUSH_RETRY_DELAYS_MS.length + 1;
const LEASE_MS = 2 * 60_000;
/** Per endpoint (docs/rules.md#push): a slow or dead one delays only itself, the others go alongside. */
export const PUSH_TIMEOUT_MS = 10_000;
/** A day: a push about an event that waited longer than that in the push service is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export type PushUrgency = 'normal' | 'high';

/** Queues `message` for every device of the member (none: nothing queued). Answers how many. */
export async function enqueuePush(
  db: Kysely<Database>,
  now: Date,
  userId: string,
  message: PushMessage,
  urgency: PushUrgency,
): Promise<number> {
  const devices = await subscriptionsOf(db, userId);
  const payload = JSON.stringify(message);
  for (const device of devices)
    await insertPush(db, { id: randomUUID(), subscription_id: device.id, payload, urgency }, now);
  return devices.length;
}

export interface PushSendDeps {
  db: Kysely<Database>;
  now: () => Date;
  vapid: VapidKeys & { subject: string };
  network: PushNetwork;
}

export interface PushRoundResult {
  sent: number;
  /** Subscriptions deleted because the push service said they are gone. */
  gone: number;
  failed: number;
}

/** Pushes claimed (and sent alongside) at a time: bounds the open requests and the rows one lease holds. */
export const PUSH_BATCH = 50;

/** Claims up to PUSH_BATCH due pushes in one transaction, each leased so no other round takes it meanwhile. */
async function claimBatch(deps: PushSendDeps): Promise<DuePush[]> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockDuePushes(trx, now, PUSH_BATCH);
    await leasePushes(
      trx,
      rows.map((row) => row.id),
      new Date(now.getTime() + LEASE_MS),
    );
    return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });
}

/**
 * One Web Push request; answers the push service's status (0 when it could not be reached, or when its
 * host no longer resolves only to public addresses: then nothing is sent at all).
 */
async function post(deps: PushSendDeps, row: DuePush): Promise<number> {
  const url = endpointUrl(row.endpoint);
  const address = url ? await publicAddressOf(deps.network, url) : null;
  if (!url || address === null) return 0;
  const request = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    row.payload,
    {
      vapidDetails: deps.vapid,
      TTL: PUSH_TTL_SECONDS,
      urgency: row.urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
  );
  return deps.network.send({
    url,
    address,
    method: request.method,
    headers,
    body: new Uint8Array(request.body),
    timeoutMs: PUSH_TIMEOUT_MS,
  });
}

/**
 * Sends every due push once: batch after batch until none is due, each batch's pushes at the same time
 * (each under its own lease and timeout). So the kick after a write sends all it queued in this one round,
 * a news post to every member's devices included, rather than one batch now and the rest on later timer
 * rounds (docs/rules.md#push). A claimed push is leased or gone when its batch ends, so no push is claimed
 * twice in a round and the round ends. Answers what became of them this round.
 */
export async function sendDuePushes(deps: PushSendDeps): Promise<PushRoundResult> {
  const result: PushRoundResult = { sent: 0, gone: 0, failed: 0 };
  for (;;) {
    const claimed = await claimBatch(deps);
    await Promise.all(claimed.map((row) => deliver(deps, row, result)));
    if (claimed.length < PUSH_BATCH) return result;
  }
}

/** Sends one push and records what became of it. */
async function deliver(deps: PushSendDeps, row: DuePush, result: PushRoundResult): Promise<void> {
  const status = await post(deps, row);
  if (status >= 200 && status < 300) {
    await deletePush(deps.db, row.id);
    result.sent++;
  } else if (status === 404 || status === 410) {
    await deleteSubscriptionById(deps.db, row.subscription_id);
    result.gone++;
  } else if (row.attempts >= PUSH_MAX_ATTEMPTS) {
    await deletePush(deps.db, row.id);
    result.failed++;
  } else {
    const delay = PUSH_RETRY_DELAYS_MS[row.attempts - 1] ?? 0;
    await reschedulePush(deps.db, row.id, row.attempts, new Date(deps.now().getTime() + delay));
    result.failed++;
  }
}
