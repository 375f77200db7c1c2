/**
 * A member's own moves on an event (subscribe or leave, the waiting list, "not coming"): queued with their
 * optimistic change, then followed to what the server made of them. The write path (the outbox, the
 * optimistic changes, delivery) is its own chunk, which data/events.ts fetches once the week's first reads
 * are done, or at the first move: the week's first paint only reads the cache
 * (docs/architecture.md#what-the-first-paint-loads).
 */
import type { User } from '@common/contract/user';
import { appDb } from './db';
import { awaitDelivery, type Delivery } from './delivery';
import { queueDecline, queueSubscription, queueWaitingList } from './outbox';
import { queueAndDeliver } from './sync';

/** Queues a move and settles with what the server made of it (or "kept" on this device). */
const deliver = async (enqueue: Promise<number>): Promise<Delivery> =>
  awaitDelivery(appDb(), await queueAndDeliver(enqueue));

export function deliverSubscription(
  user: User,
  change: { eventUuid: string; subscribe: boolean; stuffs: readonly string[]; override: boolean },
  now: number,
  actor: User,
): Promise<Delivery> {
  return deliver(queueSubscription(appDb(), user, change, now, actor));
}

export function deliverWaitingList(
  user: User,
  change: { eventUuid: string; stuffs: readonly string[] },
  now: number,
  actor: User,
): Promise<Delivery> {
  return deliver(queueWaitingList(appDb(), user, change, now, actor));
}

export function deliverDecline(
  user: User,
  change: { eventUuid: string; decline: boolean },
  now: number,
): Promise<Delivery> {
  return deliver(queueDecline(appDb(), user, change, now));
}
