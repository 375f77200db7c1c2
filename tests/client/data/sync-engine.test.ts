import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';
import { withDrainLock } from '../../../src/data/core/drain-lock';
import { setToken } from '../../../src/data/core/session-storage';
import { MAX_TIMER_MS, type SyncEngine, startSyncEngine } from '../../../src/data/core/sync-engine';
import { json, stubFetch, USER } from '../fake-api';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from './event-fixture';

let engine: SyncEngine | undefined;
let db: EquipeeDb;
afterEach(async () => {
  engine?.stop();
  vi.useRealTimers();
  await db.delete();
});

const pendingTick = (nextAttemptAt: number) => ({
  kind: 'check' as const,
  body: { event_uuid: EVENT_UUID, is_invited: false, user_id: MEMBER_ID, is_checked: true },
  userId: USER.id,
  eventUuid: EVENT_UUID,
  idempotencyKey: 'k',
  createdAt: 1,
  attempts: 0,
  status: 'pending' as const,
  lastError: null,
  nextAttemptAt,
});

function club(timeZone: string) {
  return (url: string) => {
    if (url.startsWith('/api/event/from/')) return json(200, [cachedEvent()]);
    if (url === '/api/event/model')
      return json(200, [{ uuid: '33333333-3333-4333-8333-333333333333', name: 'Kayak', description: 'd' }]);
    if (url === '/api/stuff') return json(200, []);
    if (url === '/api/internal/settings/start')
      return json(200, { timezone: timeZone, slogan: 'Allez !', logo: '/files/logo.png?v=1' });
    return json(404, { code: 'not_found', message: 'x', field: null });
  };
}

describe('sync engine', () => {
  it("fills the cache: the club's settings, the weeks around, the catalog — keeping pending writes on top", async () => {
    db = new EquipeeDb(`sync-${crypto.randomUUID()}`);
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', user: USER });
    // Not due: this test is about reading, not delivering.
    await db.outbox.add(pendingTick(Number.MAX_SAFE_INTEGER));
    const fetchMock = stubFetch(club('America/Montreal'));
    engine = startSyncEngine({ db, onUnauthorised: () => undefined });
    await waitFor(
      async () => {
        expect(await db.models.count()).toBe(1);
        expect(await db.events.count()).toBe(1);
      },
      { timeout: 3000 },
    );
    expect(await db.clubSettings.toArray()).toEqual([
      { key: 'logo', value: '/files/logo.png?v=1' },
      { key: 'slogan', value: 'Allez !' },
      { key: 'timezone', value: 'America/Montreal' },
    ]);
    expect((await db.events.get(EVENT_UUID))?.subscribers_with_stuff[0]?.is_checked).toBe(true); // the pending tick stays
    const weekCall = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/event/from/'));
    expect(weekCall).toMatch(/^\/api\/event\/from\/\d{4}-\d{2}-\d{2}\/to\/\d{4}-\d{2}-\d{2}$/);
  });

  it('never arms a timer beyond what setTimeout can hold, however far the next attempt is', async () => {
    db = new EquipeeDb(`sync-${crypto.randomUUID()}`);
    await db.session.put({ key: 'current', token: 'tok', user: USER });
    await db.outbox.add(pendingTick(Date.now() + 10 * MAX_TIMER_MS));
    stubFetch(club('Europe/Paris'));
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    engine = startSyncEngine({ db, onUnauthorised: () => undefined });
    await engine.drainNow();
    const delays = timeout.mock.calls.map(([, delay]) => delay ?? 0);
    expect(Math.max(...delays)).toBe(MAX_TIMER_MS);
  });

  it('reads a week again with If-None-Match, keeps the cache on 304, and never sends the tag on a forced read', async () => {
    db = new EquipeeDb(`sync-${crypto.randomUUID()}`);
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', user: USER });
    const sent: Array<string | null> = [];
    const base = club('Europe/Paris');
    stubFetch((url, init) => {
      if (!url.startsWith('/api/event/from/')) return base(url);
      const tag = new Headers(init.headers).get('if-none-match');
      sent.push(tag);
      if (tag === 'W/"week"') return new Response(null, { status: 304, headers: { etag: 'W/"week"' } });
      return new Response(JSON.stringify([cachedEvent()]), {
        status: 200,
        headers: { etag: 'W/"week"', 'content-type': 'application/json' },
      });
    });
    engine = startSyncEngine({ db, onUnauthorised: () => undefined });
    await waitFor(async () => expect(await db.events.count()).toBe(1), { timeout: 3000 }); // the start's read
    await engine.refreshWeek('2026-02-02', true);
    sent.length = 0;
    await engine.refreshWeek('2026-02-02'); // fresh: no request at all
    vi.useFakeTimers({ now: Date.now() + 6 * 60_000, toFake: ['Date'] });
    await engine.refreshWeek('2026-02-02'); // stale: conditional, answered 304
    await engine.refreshWeek('2026-02-02', true); // forced: unconditional
    expect(sent).toEqual(['W/"week"', null]);
    expect(await db.events.count()).toBe(1);
  });

  it('after drains that delivered, reads the visible week once the queue is empty, not while rows still wait', async () => {
    db = new EquipeeDb(`sync-${crypto.randomUUID()}`);
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', user: USER });
    await db.outbox.add({ ...pendingTick(0), idempotencyKey: 'k1', createdAt: 1 });
    await db.outbox.add({ ...pendingTick(0), idempotencyKey: 'k2', createdAt: 2 });
    const ticked = {
      status: 200,
      body: {
        event_uuid: EVENT_UUID,
        is_invited: false,
        user_id: MEMBER_ID,
        is_checked: true,
        checked_at: null,
      },
    };
    const batches: string[][] = [];
    let weekReads = 0;
    const base = club('Europe/Paris');
    stubFetch((url, init) => {
      if (url.startsWith('/api/event/from/')) weekReads++;
      if (url !== '/api/replay') return base(url);
      const { writes } = JSON.parse(String(init.body)) as { writes: Array<{ idempotencyKey: string }> };
      batches.push(writes.map((w) => w.idempotencyKey));
      // The first batch: the first tick runs, then the server is busy; the next batch runs.
      return json(200, { answers: batches.length === 1 ? [ticked, { status: 503, body: null }] : [ticked] });
    });
    engine = startSyncEngine({ db, onUnauthorised: () => undefined });
    await waitFor(
      async () => {
        expect(batches).toHaveLength(1);
        expect(await db.outbox.count()).toBe(1);
        expect(await db.events.count()).toBe(1);
        expect(weekReads).toBe(1); // the start's own read
      },
      { timeout: 3000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 100)); // the start's drain has ended
    const beforeDelivery = weekReads;
    expect(beforeDelivery).toBe(1); // the delivery left a row waiting: no read of its own
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await engine.drainNow();
    expect(batches).toEqual([['k1', 'k2'], ['k2']]);
    expect(await db.outbox.count()).toBe(0);
    expect(weekReads).toBe(beforeDelivery + 1);
    await engine.drainNow(); // nothing delivered: no read
    expect(weekReads).toBe(beforeDelivery + 1);
  });

  it('leaves the drain lock to the reads when nothing waits, and takes it when a write does', async () => {
    db = new EquipeeDb(`sync-${crypto.randomUUID()}`);
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', user: USER });
    stubFetch(club('Europe/Paris'));
    engine = startSyncEngine({ db, onUnauthorised: () => undefined });
    // Another drainer (a tab, the worker) holds the lock.
    let release: () => void = () => undefined;
    const held = withDrainLock(() => new Promise<void>((done) => (release = done)));
    const settlesSoon = (work: Promise<void>) =>
      Promise.race([
        work.then(() => 'settled'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
      ]);
    expect(await settlesSoon(engine.drainNow())).toBe('settled');
    // A due write of this user's: the drain waits for its turn.
    await db.outbox.add(pendingTick(0));
    const drain = engine.drainNow();
    expect(await settlesSoon(drain)).toBe('waiting');
    release();
    await held;
    await drain;
  });
});
