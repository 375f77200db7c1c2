import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';
import {
  NotCachedError,
  queueCheck,
  queueSubscription,
  queueWaitingList,
} from '../../../src/data/core/outbox';
import { storedWeekSnapshot, storeWeekSnapshot } from '../../../src/data/core/week-snapshot-store';
import { USER } from '../fake-api';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from './event-fixture';

let db: EquipeeDb;
beforeEach(async () => {
  db = new EquipeeDb(`outbox-${crypto.randomUUID()}`);
  await db.events.put(cachedEvent());
});
afterEach(() => db.delete());

describe('enqueue', () => {
  it('queues a tick without rewriting the cached event (the checklist lays pending ticks over it)', async () => {
    const before = await db.events.get(EVENT_UUID);
    await queueCheck(
      db,
      USER,
      { eventUuid: EVENT_UUID, userId: MEMBER_ID, isInvited: false, status: 'present' as const },
      1_000,
    );
    expect(await db.events.get(EVENT_UUID)).toEqual(before);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      userId: USER.id,
      kind: 'check',
      status: 'pending',
      attempts: 0,
      body: {
        event_uuid: EVENT_UUID,
        user_id: MEMBER_ID,
        is_invited: false,
        is_checked: true,
        checked_at: new Date(1_000).toISOString(),
      },
    });
    expect(row?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves neither when the cached event is missing', async () => {
    await expect(queueSubscription(db, USER, { eventUuid: 'not-cached', subscribe: true })).rejects.toThrow(
      NotCachedError,
    );
    const tick = { eventUuid: 'not-cached', userId: MEMBER_ID, isInvited: false, status: 'present' as const };
    await expect(queueCheck(db, USER, tick)).rejects.toThrow(NotCachedError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves neither when the outbox write fails', async () => {
    const before = await db.events.get(EVENT_UUID);
    // A body that cannot be stored (a function is not cloneable) makes the outbox add fail.
    const broken = {
      eventUuid: EVENT_UUID,
      userId: (() => 'x') as unknown as string,
      isInvited: false,
      status: 'present' as const,
    };
    await expect(queueCheck(db, USER, broken)).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.events.get(EVENT_UUID)).toEqual(before);
  });

  it('subscribing adds the member and counts them; unsubscribing removes them with their guests', async () => {
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true });
    let event = await db.events.get(EVENT_UUID);
    expect(event?.subcribers_count).toBe(2);
    expect(event?.subscribers_with_stuff.map((s) => s.username)).toEqual(['ana', 'marie']);
    await db.events.update(EVENT_UUID, {
      invite_list: [
        {
          id: 7,
          uuid_event: EVENT_UUID,
          uuid_user: USER.id,
          uuid_stuff: null,
          first_name: 'G',
          last_name: 'H',
          is_checked: false,
        },
      ],
      subcribers_count: 3,
    });
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: false });
    event = await db.events.get(EVENT_UUID);
    expect([event?.subcribers_count, event?.invite_list.length]).toEqual([1, 0]);
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['subscribe', 'unsubscribe']);
  });

  it('joining the waiting list shows the member waiting', async () => {
    await queueWaitingList(db, USER, { eventUuid: EVENT_UUID }, 5_000);
    expect((await db.events.get(EVENT_UUID))?.waiting_list).toEqual([
      {
        uuid_user: USER.id,
        username: 'marie',
        created_at: new Date(5_000).toISOString(),
        uuid_event: EVENT_UUID,
        uuid_stuff: null,
        stuffs: [],
      },
    ]);
  });
});

describe('the week as last seen', () => {
  const keepWeek = () =>
    storeWeekSnapshot({
      build: '/assets/index-abc.js',
      language: 'fr',
      userId: USER.id,
      monday: '2026-11-30',
      html: '<main>Kayak</main>',
    });
  afterEach(() => localStorage.clear());

  it('is forgotten by a write that changes an event, so a cold start never shows the answer as it was before', async () => {
    keepWeek();
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true });
    expect(storedWeekSnapshot()).toBeUndefined();
    keepWeek();
    await queueWaitingList(db, USER, { eventUuid: EVENT_UUID });
    expect(storedWeekSnapshot()).toBeUndefined();
  });

  it('is kept through a tick, which changes nothing the week shows', async () => {
    keepWeek();
    await queueCheck(db, USER, {
      eventUuid: EVENT_UUID,
      userId: MEMBER_ID,
      isInvited: false,
      status: 'present',
    });
    expect(storedWeekSnapshot()?.html).toBe('<main>Kayak</main>');
  });
});
