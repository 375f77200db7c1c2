import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readErrorBody } from '../../../src/common/contract/errors';
import { LIMITS } from '../../../src/common/contract/limits';
import { isRetryLater } from '../../../src/common/rules/replays';
import { EquipeeDb, type OutboxRow } from '../../../src/data/core/db';
import { type DeliveryAnswer, type DrainTransport, drainOutbox } from '../../../src/data/core/drain';
import { queueCheck, queueSubscription } from '../../../src/data/core/outbox';
import { USER } from '../fake-api';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from './event-fixture';

let db: EquipeeDb;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  db = new EquipeeDb(`drain-${crypto.randomUUID()}`);
  clock = 10_000;
  await db.events.put(cachedEvent());
  await db.session.put({ key: 'current', token: 'tok', user: USER });
});
afterEach(() => db.delete());

/**
 * A scripted server: answers each row of a batch from the queue of answers, in order, stopping after a
 * "retry later" answer as POST /api/replay does; `'offline'` at the head of the queue fails the next request.
 * Records the rows it ran and the size of each batch it received.
 */
function scripted(answers: Array<DeliveryAnswer | 'offline'>, truth = cachedEvent({ subcribers_count: 10 })) {
  const received: OutboxRow[] = [];
  const batches: number[] = [];
  const transport: DrainTransport = {
    async sendBatch(rows) {
      batches.push(rows.length);
      if (answers[0] === 'offline') {
        answers.shift();
        throw new TypeError('Failed to fetch');
      }
      const out: DeliveryAnswer[] = [];
      for (const row of rows) {
        const next = answers.shift() ?? { status: 200, body: cachedEvent() };
        if (next === 'offline') throw new Error('script: the network fails between requests, not inside one');
        received.push(row);
        out.push(next);
        if (isRetryLater(next.status, readErrorBody(next.body)?.code)) break;
      }
      return out;
    },
    fetchEvent: async () => truth,
  };
  return { transport, received, batches };
}
const tick = (isChecked: boolean, at: number) =>
  queueCheck(db, USER, { eventUuid: EVENT_UUID, userId: MEMBER_ID, isInvited: false, isChecked }, at);
/** A row queued by an older version, whose body the contract no longer accepts. */
const queueUnsendable = (at: number) =>
  db.outbox.add({
    kind: 'check',
    body: { event_uuid: 'not-a-uuid', is_invited: false, user_id: MEMBER_ID, is_checked: true },
    userId: USER.id,
    eventUuid: EVENT_UUID,
    idempotencyKey: `old-${at}`,
    createdAt: at,
    attempts: 0,
    status: 'pending',
    lastError: null,
    nextAttemptAt: 0,
  });
const checkAnswer = (isChecked: boolean): DeliveryAnswer => ({
  status: 200,
  body: {
    event_uuid: EVENT_UUID,
    is_invited: false,
    user_id: MEMBER_ID,
    is_checked: isChecked,
    checked_at: null,
  },
});

describe('drain', () => {
  it('sends in creation order and removes delivered rows', async () => {
    await tick(true, 1);
    await tick(false, 2);
    await tick(true, 3);
    const { transport, received, batches } = scripted([
      checkAnswer(true),
      checkAnswer(false),
      checkAnswer(true),
    ]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 3, failed: 0, stoppedBy: null });
    expect(batches).toEqual([3]); // one request
    expect(received.map((r) => (r.kind === 'check' ? r.body.checked_at : null))).toEqual(
      [1, 2, 3].map((t) => new Date(t).toISOString()),
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the same idempotency key across retries, and backs off after a network error', async () => {
    await tick(true, 1);
    const { transport, received, batches } = scripted([
      'offline',
      { status: 503, body: null },
      checkAnswer(true),
    ]);
    expect((await drainOutbox(db, transport, now)).stoppedBy).toBe('network');
    expect((await drainOutbox(db, transport, now)).stoppedBy).toBe('retry-later'); // not due yet
    clock += 60_000;
    expect((await drainOutbox(db, transport, now)).stoppedBy).toBe('retry-later'); // the 503
    clock += 60_000;
    expect((await drainOutbox(db, transport, now)).sent).toBe(1);
    expect(new Set(received.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(batches).toEqual([1, 1, 1]); // three requests: lost, refused with a 503, run
    expect(received).toHaveLength(2);
  });

  it('honours Retry-After on a 429', async () => {
    await tick(true, 1);
    const { transport } = scripted([{ status: 429, body: null, retryAfterSeconds: 30 }]);
    await drainOutbox(db, transport, now);
    expect((await db.outbox.toArray())[0]?.nextAttemptAt).toBe(clock + 30_000);
  });

  it('a final 4xx marks the row failed, restores the server state, and goes on with the next', async () => {
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true }, 1);
    await tick(true, 2);
    const serverTruth = cachedEvent({ subcribers_count: 10, max_subscribers: 10 });
    const { transport } = scripted(
      [{ status: 409, body: { code: 'event_full', message: 'Complet', field: null } }, checkAnswer(true)],
      serverTruth,
    );
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 1, failed: 1, stoppedBy: null });
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ kind: 'subscribe', status: 'failed' });
    expect(JSON.parse(failed?.lastError ?? '{}')).toEqual({ code: 'event_full', message: 'Complet' });
    const cached = await db.events.get(EVENT_UUID);
    expect(cached?.subcribers_count).toBe(10);
    expect(cached?.subscribers_with_stuff.map((s) => s.username)).toEqual(['ana']);
  });

  it('two queued writes on one event, the first refused: the second is still shown over the restored truth', async () => {
    await queueSubscription(db, USER, { eventUuid: EVENT_UUID, subscribe: true }, 1);
    await tick(true, 2);
    // The server refuses the subscription, then is too busy to run the tick.
    const { transport } = scripted([
      { status: 409, body: { code: 'event_full', message: 'Complet', field: null } },
      { status: 503, body: null },
    ]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 0, failed: 1, stoppedBy: 'retry-later' });
    const cached = await db.events.get(EVENT_UUID);
    expect(cached?.subcribers_count).toBe(10); // the server's truth came back…
    expect(cached?.subscribers_with_stuff.map((s) => [s.username, s.is_checked])).toEqual([['ana', true]]); // …with the pending tick on it
    expect((await db.outbox.toArray()).map((r) => [r.kind, r.status])).toEqual([
      ['subscribe', 'failed'],
      ['check', 'pending'],
    ]);
  });

  it('a delivered answer keeps a later pending tick on the same row', async () => {
    await tick(true, 1);
    await tick(false, 2);
    const { transport } = scripted([checkAnswer(true), { status: 503, body: null }]);
    await drainOutbox(db, transport, now);
    expect((await db.events.get(EVENT_UUID))?.subscribers_with_stuff[0]?.is_checked).toBe(false);
  });

  it('a queued body the contract no longer accepts is refused here, never sent', async () => {
    await queueUnsendable(1);
    const { transport, received } = scripted([]);
    expect(await drainOutbox(db, transport, now)).toEqual({ sent: 0, failed: 1, stoppedBy: null });
    expect(received).toHaveLength(0);
  });

  it('a 401 stops the drain and keeps every row', async () => {
    await tick(true, 1);
    await tick(false, 2);
    const { transport } = scripted([{ status: 401, body: { code: 'unauthorised' } }]);
    expect((await drainOutbox(db, transport, now)).stoppedBy).toBe('unauthorised');
    expect((await db.outbox.toArray()).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it("sends only the signed-in user's rows; others wait for their owner", async () => {
    await tick(true, 1);
    await db.session.put({ key: 'current', token: 'tok2', user: { ...USER, id: 'someone-else' } });
    const { transport, received } = scripted([]);
    await drainOutbox(db, transport, now);
    expect(received).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
    await db.session.clear();
    expect((await drainOutbox(db, transport, now)).stoppedBy).toBe('signed-out');
  });
});

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
    await queueUnsendable(2);
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
