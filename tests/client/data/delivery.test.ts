import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConnectivityStore } from '../../../src/data/core/connectivity';
import { EquipeeDb } from '../../../src/data/core/db';
import { awaitDelivery, awaitEventWrites } from '../../../src/data/core/delivery';
import { drainOutbox } from '../../../src/data/core/drain';
import { queueDecline, queueSubscription } from '../../../src/data/core/outbox';
import { declinesWithPending } from '../../../src/data/core/pending-declines';
import { USER } from '../fake-api';
import { scripted } from './drain-fixture';
import { cachedEvent, EVENT_UUID } from './event-fixture';

// A screen claims success only once the server took the write, says "kept on this device" while the network
// is away, and shows a refusal with its code.
let db: EquipeeDb;
beforeEach(async () => {
  db = new EquipeeDb(`delivery-${crypto.randomUUID()}`);
  await db.events.put(cachedEvent());
  useConnectivityStore.setState({ isOnline: true });
});
afterEach(async () => {
  useConnectivityStore.setState({ isOnline: true });
  await db.delete();
});

describe('awaitEventWrites: an online call waits for the writes it follows', () => {
  it("settles once the event's pending writes have left the outbox, not before", async () => {
    const id = await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true });
    let settled = false;
    const waiting = awaitEventWrites(db, EVENT_UUID, 5_000).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    await db.outbox.delete(id);
    await waiting;
    expect(settled).toBe(true);
  });

  it('does not wait with nothing pending, nor offline, nor past the wait', async () => {
    await awaitEventWrites(db, EVENT_UUID, 5_000);
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true });
    const started = Date.now();
    await awaitEventWrites(db, EVENT_UUID, 40);
    expect(Date.now() - started).toBeLessThan(2_000);
    useConnectivityStore.setState({ isOnline: false });
    await awaitEventWrites(db, EVENT_UUID, 5_000);
  });
});

describe('awaitDelivery', () => {
  it('is "sent" once the row leaves the outbox, not before', async () => {
    const id = await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true });
    let settled = false;
    const delivery = awaitDelivery(db, id, 5_000).then((d) => {
      settled = true;
      return d;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    await db.outbox.delete(id);
    expect(await delivery).toEqual({ outcome: 'sent' });
  });

  it('is "refused" with the code and message when the server refused it', async () => {
    const id = await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true });
    const delivery = awaitDelivery(db, id, 5_000);
    await db.outbox.update(id, {
      status: 'failed',
      lastError: JSON.stringify({ code: 'event_full', message: 'Event is full' }),
    });
    expect(await delivery).toEqual({ outcome: 'refused', code: 'event_full', message: 'Event is full' });
  });

  it('is "kept" at once offline, when the network drops meanwhile, and after the wait', async () => {
    const id = await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true });
    useConnectivityStore.setState({ isOnline: false });
    expect(await awaitDelivery(db, id, 5_000)).toEqual({ outcome: 'kept' });
    useConnectivityStore.setState({ isOnline: true });
    const dropped = awaitDelivery(db, id, 5_000);
    useConnectivityStore.setState({ isOnline: false });
    expect(await dropped).toEqual({ outcome: 'kept' });
    useConnectivityStore.setState({ isOnline: true });
    expect(await awaitDelivery(db, id, 30)).toEqual({ outcome: 'kept' });
  });
});

describe('the member\'s own "not coming"', () => {
  it('lays pending answers over the kept one, in order; subscribing replaces it', async () => {
    await queueDecline(db, USER, { eventUuid: EVENT_UUID, decline: true }, 1);
    let pending = await db.outbox.orderBy('id').toArray();
    expect(declinesWithPending(false, pending)).toBe(true);
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true }, 2);
    pending = await db.outbox.orderBy('id').toArray();
    expect(declinesWithPending(false, pending)).toBe(false);
    await queueDecline(db, USER, { eventUuid: EVENT_UUID, decline: false }, 3);
    expect(declinesWithPending(true, (await db.outbox.orderBy('id').toArray()).slice(2))).toBe(false);
    expect(declinesWithPending(true, [])).toBe(true);
  });
});

describe('a delivered answer', () => {
  it('becomes the kept one in the same step as it leaves the outbox', async () => {
    await db.session.put({ key: 'current', token: 'tok', user: USER });
    await queueDecline(db, USER, { eventUuid: EVENT_UUID, decline: true }, 1);
    await drainOutbox(db, scripted([{ status: 200, body: cachedEvent() }]).transport);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.myDeclines.get(EVENT_UUID)).toBeDefined();
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true }, 2);
    await drainOutbox(db, scripted([{ status: 200, body: cachedEvent() }]).transport);
    expect(await db.myDeclines.get(EVENT_UUID)).toBeUndefined();
  });
});
