import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';
import { drainOutbox } from '../../../src/data/core/drain';
import { queueSubscription } from '../../../src/data/core/outbox';
import { USER } from '../fake-api';
import { checkAnswer, queueUnsendable, scripted, tickOn } from './drain-fixture';
import { cachedEvent, EVENT_UUID } from './event-fixture';

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

const tick = (isChecked: boolean, at: number) => tickOn(db)(isChecked, at);

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

  it('keeps a write the server limited (429 rate_limited), pending, for after its Retry-After', async () => {
    await tick(true, 1);
    const limited = { code: 'rate_limited', message: 'Trop de modifications', field: null };
    const { transport } = scripted([{ status: 429, body: limited, retryAfterSeconds: 120 }]);
    expect((await drainOutbox(db, transport, now)).stoppedBy).toBe('retry-later');
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ status: 'pending', nextAttemptAt: clock + 120_000 });
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
    await queueUnsendable(db, 1);
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
