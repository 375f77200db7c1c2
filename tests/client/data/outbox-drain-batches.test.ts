import 'fake-indexeddb/auto';
import { LIMITS } from '@common/contract/limits';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';
import { type DrainTransport, drainOutbox } from '../../../src/data/core/drain';
import { queueSubscription } from '../../../src/data/core/outbox';
import { USER } from '../fake-api';
import { checkAnswer, queueUnsendable, scripted, tickOn } from './drain-fixture';
import { cachedEvent, EVENT_UUID } from './event-fixture';

let db: EquipeeDb;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  db = new EquipeeDb(`drain-batches-${crypto.randomUUID()}`);
  clock = 10_000;
  await db.events.put(cachedEvent());
  await db.session.put({ key: 'current', token: 'tok', user: USER });
});
afterEach(() => db.delete());

const tick = (isChecked: boolean, at: number) => tickOn(db)(isChecked, at);

describe('drain in batches', () => {
  const ticks = async (count: number) => {
    for (let i = 1; i <= count; i++) await tick(i % 2 === 1, i);
  };
  const rowStates = async () =>
    (await db.outbox.orderBy('id').toArray()).map((r) => [r.createdAt, r.status, r.attempts]);

  it(`sends batches of ${LIMITS.replayBatchMax} at most, in order, and delivers them all`, async () => {
    await ticks(LIMITS.replayBatchMax * 2 + 20);
    const { transport, received, batches } = scripted([]);
    expect(await drainOutbox(db, transport, now)).toEqual({
      sent: LIMITS.replayBatchMax * 2 + 20,
      failed: 0,
      stoppedBy: null,
    });
    expect(batches).toEqual([LIMITS.replayBatchMax, LIMITS.replayBatchMax, 20]);
    expect(received.map((r) => r.createdAt)).toEqual(received.map((_r, i) => i + 1));
    expect(await db.outbox.count()).toBe(0);
  });

  it('a "retry later" answer in the middle: earlier rows delivered, it backs off, later ones wait untouched', async () => {
    await ticks(4);
    const { transport, received } = scripted([checkAnswer(true), { status: 503, body: null }]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 1, failed: 0, stoppedBy: 'retry-later' });
    expect(received).toHaveLength(2); // the server did not run the last two
    expect(await rowStates()).toEqual([
      [2, 'pending', 1],
      [3, 'pending', 0],
      [4, 'pending', 0],
    ]);
    expect((await db.outbox.orderBy('id').first())?.nextAttemptAt).toBeGreaterThan(clock);
    // Once due, the rest goes, the backed-off row first.
    clock += 60_000;
    const next = scripted([]);
    expect(await drainOutbox(db, next.transport, now)).toEqual({ sent: 3, failed: 0, stoppedBy: null });
    expect(next.received.map((r) => r.createdAt)).toEqual([2, 3, 4]);
  });

  it('a 409 request_in_progress in the middle is "retry later" too', async () => {
    await ticks(2);
    const { transport } = scripted([
      { status: 409, body: { code: 'request_in_progress', message: 'x', field: null } },
    ]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 0, failed: 0, stoppedBy: 'retry-later' });
    expect(await rowStates()).toEqual([
      [1, 'pending', 1],
      [2, 'pending', 0],
    ]);
  });

  it('a refusal in the middle marks that row failed and the rest of the batch is delivered', async () => {
    await ticks(3);
    const { transport, batches } = scripted([
      checkAnswer(true),
      { status: 403, body: { code: 'forbidden', message: 'Interdit', field: null } },
      checkAnswer(true),
    ]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 2, failed: 1, stoppedBy: null });
    expect(batches).toEqual([3]);
    expect(await rowStates()).toEqual([[2, 'failed', 1]]);
  });

  it('a 401 in the middle stops there: delivered rows go, every other row is kept as it was', async () => {
    await ticks(3);
    const { transport } = scripted([checkAnswer(true), { status: 401, body: { code: 'unauthorised' } }]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 1, failed: 0, stoppedBy: 'unauthorised' });
    expect(await rowStates()).toEqual([
      [2, 'pending', 0],
      [3, 'pending', 0],
    ]);
  });

  it('fewer answers than rows with no reason given: the answered are settled, the first unanswered backs off', async () => {
    await ticks(3);
    const transport: DrainTransport = {
      sendBatch: async () => [checkAnswer(true)],
      fetchEvent: async () => null,
    };
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 1, failed: 0, stoppedBy: 'retry-later' });
    expect(await rowStates()).toEqual([
      [2, 'pending', 1],
      [3, 'pending', 0],
    ]);
  });

  it('a row not yet due ends the batch: those before it go, it and the later ones wait', async () => {
    await ticks(3);
    const third = (await db.outbox.orderBy('id').toArray())[2];
    await db.outbox.update(third?.id ?? 0, { nextAttemptAt: clock + 5_000 });
    const { transport, batches } = scripted([]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 2, failed: 0, stoppedBy: 'retry-later' });
    expect(batches).toEqual([2]);
  });

  it('a body the contract no longer accepts, in the middle, fails alone; the others are sent in one batch', async () => {
    await tick(true, 1);
    await queueUnsendable(db, 2);
    await tick(false, 3);
    const { transport, received } = scripted([checkAnswer(true), checkAnswer(false)]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 2, failed: 1, stoppedBy: null });
    expect(received.map((r) => r.createdAt)).toEqual([1, 3]);
    expect(await rowStates()).toEqual([[2, 'failed', 1]]);
  });

  it('answers for one event are read in order, the last one cached, with the pending writes laid over', async () => {
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true }, 1);
    await tick(true, 2);
    await tick(false, 3);
    const subscribed = cachedEvent({
      subcribers_count: 2,
      subscribers_with_stuff: [
        ...cachedEvent().subscribers_with_stuff,
        {
          id: USER.id,
          uuid: 's2',
          uuid_event: EVENT_UUID,
          username: USER.username,
          stuff_name: 'default_name',
          uuid_stuff: null,
          is_checked: false,
        },
      ],
    });
    // The subscription and the first tick are answered; the server is busy before the second tick.
    const { transport } = scripted([
      { status: 200, body: subscribed },
      checkAnswer(true),
      { status: 503, body: null },
    ]);
    await drainOutbox(db, transport, now);
    const cached = await db.events.get(EVENT_UUID);
    expect(cached?.subcribers_count).toBe(2); // the subscription's answer…
    expect(cached?.subscribers_with_stuff.map((s) => s.username)).toEqual(['ana', 'marie']);
    // …the tick's answer read over it, and the still-pending untick laid over both.
    expect(cached?.subscribers_with_stuff[0]?.is_checked).toBe(false);
    const delivered = scripted([checkAnswer(false)]);
    clock += 60_000;
    await drainOutbox(db, delivered.transport, now);
    expect((await db.events.get(EVENT_UUID))?.subscribers_with_stuff.map((s) => s.is_checked)).toEqual([
      false,
      false,
    ]);
  });
});
