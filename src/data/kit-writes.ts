/**
 * « Modifier mon matériel » (docs/rules.md#kit), beside the subscription writes of events.ts: queued like them, so
 * the new kit shows at once and goes with the network; a refusal gives the server's kit back (the drain reads the
 * event again). Its own module: only the kit dialog, loaded on demand, uses it, and the first paint never does.
 */
import type { User } from '@common/contract/user';
import { appDb } from './core/db';
import { awaitDelivery, type Delivery } from './core/delivery';
import { queueKitChange } from './core/kit-write';
import { queueAndDeliver } from './core/sync';

/** `kit`: the new items, `[]` for own equipment; `actor`, the guardian when `user` is their child. */
export async function changeKit(
  user: User,
  eventUuid: string,
  kit: readonly string[],
  actor: User = user,
): Promise<Delivery> {
  const id = await queueAndDeliver(
    queueKitChange(appDb(), user, { eventUuid, stuffs: kit }, Date.now(), actor),
  );
  return awaitDelivery(appDb(), id);
}
