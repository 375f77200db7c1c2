import 'fake-indexeddb/auto';
import { REPLAYABLE_WRITES } from '@common/rules/replays';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';
import { drainOutbox } from '../../../src/data/core/drain';
import { queueDecline, queueSubscription } from '../../../src/data/core/outbox';
import { USER } from '../fake-api';
import { scripted } from './drain-fixture';
import { cachedEvent, EVENT_UUID } from './event-fixture';

// "Not coming" (docs/rules.md#replays) is an offline write like a subscription: queued with its own
// Idempotency-Key, shown at once on the cached event, and sent once when the network returns.
let db: EquipeeDb;
let clock: number;
beforeEach(async () => {
  db = new EquipeeDb(`decline-${crypto.randomUUID()}`);
  clock = 10_000;
  await db.events.put(cachedEvent());
  await db.session.put({ key: 'current', token: 'tok', user: USER });
});
afterEach(() => db.delete());

describe('a queued decline', () => {
  it('takes the member out of the cached event at once; taking it back changes no place', async () => {
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true }, 1);
    expect((await db.events.get(EVENT_UUID))?.subscribers_with_stuff.map((s) => s.id)).toContain(USER.id);
    await queueDecline(db, USER, { eventUuid: EVENT_UUID, decline: true }, 2);
    const declined = await db.events.get(EVENT_UUID);
    expect(declined?.subscribers_with_stuff.map((s) => s.id)).not.toContain(USER.id);
    await queueDecline(db, USER, { eventUuid: EVENT_UUID, decline: false }, 3);
    expect(await db.events.get(EVENT_UUID)).toEqual(declined);
    expect((await db.outbox.toArray()).map((r) => [r.kind, r.body])).toEqual([
      ['subscribe', { uuid_event: EVENT_UUID, uuid_user: USER.id, subscribe: true }],
      ['decline', { uuid_event: EVENT_UUID, uuid_user: USER.id, decline: true }],
      ['decline', { uuid_event: EVENT_UUID, uuid_user: USER.id, decline: false }],
    ]);
  });

  it('is sent on the decline path with one key kept across a lost request, then leaves the outbox', async () => {
    await queueDecline(db, USER, { eventUuid: EVENT_UUID, decline: true }, 1);
    const { transport, received } = scripted(['offline', { status: 200, body: cachedEvent() }]);
    expect((await drainOutbox(db, transport, () => clock)).stoppedBy).toBe('network');
    clock += 120_000;
    expect(await drainOutbox(db, transport, () => clock)).toEqual({ sent: 1, failed: 0, stoppedBy: null });
    expect(received).toHaveLength(1);
    expect(received[0]?.kind).toBe('decline');
    expect(await db.outbox.count()).toBe(0);
    const row = received[0];
    expect(row && [row.kind, row.idempotencyKey.length > 0]).toEqual(['decline', true]);
    expect(REPLAYABLE_WRITES.decline).toEqual({ method: 'PUT', path: '/api/event/decline' });
  });
});
