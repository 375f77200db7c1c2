import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { Kysely } from 'kysely';
import type { PushSubscriptionBody } from '../../../src/common/contract/push';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { deleteSubscription, upsertSubscription } from './push.repository';

/**
 * Whether the server may post to this endpoint. The server sends to whatever a member stored, so an
 * endpoint must be https on a named host: no IP literal, no localhost, no credentials, which keeps a member
 * from pointing the server at the local network (push services are all named https hosts). Only the tests'
 * stand-in on http://127.0.0.1 is let through, and only when the test setting allows it.
 */
export function isAcceptedEndpoint(endpoint: string, config: Pick<Config, 'pushLocalEndpoints'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.pushLocalEndpoints && url.protocol === 'http:' && url.hostname === '127.0.0.1') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (url.protocol !== 'https:' || net.isIP(host) !== 0) return false;
  return host !== 'localhost' && !host.endsWith('.localhost') && host.includes('.');
}

/** PUT: this device's subscription becomes (or stays) the member's, with the browser's current keys. */
export async function saveSubscription(
  db: Kysely<Database>,
  config: Pick<Config, 'pushLocalEndpoints'>,
  userId: string,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
  now: Date,
): Promise<void> {
  if (!isAcceptedEndpoint(body.endpoint, config)) throw new HttpError(400, 'invalid_input', 'endpoint');
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
}

/** DELETE: idempotent; another member's endpoint is left alone (and the answer does not say it exists). */
export async function removeSubscription(
  db: Kysely<Database>,
  userId: string,
  endpoint: string,
): Promise<void> {
  await deleteSubscription(db, userId, endpoint);
}
