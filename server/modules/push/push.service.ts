import { randomUUID } from 'node:crypto';
import type { PushSubscriptionBody } from '@common/contract/push';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { endpointUrl, type PushNetwork, publicAddressOf } from '../../push-network';
import { deleteOldestDevicesBeyond, deleteSubscription, upsertSubscription } from './push.repository';

/** Devices kept per member (docs/rules.md#push): registering one more drops the oldest. */
export const PUSH_DEVICES_MAX = 10;

/**
 * The server posts to whatever endpoint a member stored, so it must be https on port 443 and its host must
 * resolve only to public addresses (push-network.ts): else 400 on `endpoint`. Asked before the write's
 * transaction, which then holds no lock while names resolve; asked again at each send.
 */
export async function assertAcceptedEndpoint(network: PushNetwork, endpoint: string): Promise<void> {
  const url = endpointUrl(endpoint);
  if (!url || (await publicAddressOf(network, url)) === null)
    throw new HttpError(400, 'invalid_input', 'endpoint');
}

/** PUT: this device's subscription becomes (or stays) the member's, with the browser's current keys. */
export async function saveSubscription(
  db: Kysely<Database>,
  userId: string,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
  now: Date,
): Promise<void> {
  await upsertSubscription(
    db,
    {
      id: randomUUID(),
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      user_agent: userAgent ? userAgent.slice(0, 300) : null,
    },
    now,
  );
  await deleteOldestDevicesBeyond(db, userId, PUSH_DEVICES_MAX);
}

/** DELETE: idempotent; another member's endpoint is left alone (and the answer does not say it exists). */
export async function removeSubscription(
  db: Kysely<Database>,
  userId: string,
  endpoint: string,
): Promise<void> {
  await deleteSubscription(db, userId, endpoint);
}
