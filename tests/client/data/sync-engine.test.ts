import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/db';
import { setToken } from '../../../src/data/session-storage';
import { type SyncEngine, startSyncEngine } from '../../../src/data/sync-engine';
import { json, stubFetch, USER } from '../fake-api';
import { cachedEvent, EVENT_UUID } from './event-fixture';

let engine: SyncEngine | undefined;
let db: EquipeeDb;
afterEach(async () => {
  engine?.stop();
  await db.delete();
});

describe('sync engine', () => {
  it("fills the cache: the weeks around, the catalog, and the member's own lists — keeping pending writes on top", async () => {
    db = new EquipeeDb(`sync-${crypto.randomUUID()}`);
    setToken('tok');
    await db.session.put({ key: 'current', token: 'tok', user: USER });
    const server = cachedEvent({ invite_list: [{ id: 3, uuid_event: EVENT_UUID, uuid_user: USER.id, uuid_stuff: null, first_name: 'G', last_name: 'H', is_checked: false }] });
    await db.outbox.add({
      userId: USER.id,
      kind: 'check',
      eventUuid: EVENT_UUID,
      method: 'PUT',
      path: '/api/event/checklist',
      body: { event_uuid: EVENT_UUID, is_invited: false, user_id: 'member-1', is_checked: true },
      idempotencyKey: 'k',
      createdAt: 1,
      attempts: 0,
      status: 'pending',
      lastError: null,
      // Not due: this test is about reading, not delivering.
      nextAttemptAt: Number.MAX_SAFE_INTEGER,
    });
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/event/from/')) return json(200, [server]);
      if (url === '/api/event/model') return json(200, [{ uuid: '33333333-3333-4333-8333-333333333333', name: 'Kayak', description: 'd' }]);
      if (url === '/api/stuff') return json(200, []);
      if (url.startsWith('/api/event/my-subscriptions/')) return json(200, server.subscribers_with_stuff);
      if (url.startsWith('/api/event/my-waiting-list/')) return json(200, []);
      if (url.startsWith('/api/event/my-invite-list/')) return json(200, [{ id: 3, uuid_event: EVENT_UUID, uuid_user: USER.id, first_name: 'G', last_name: 'H', age: 9, email: 'g@example.org', phone: null, uuid_stuff: null, is_checked: false }]);
      return json(404, { code: 'not_found', message: 'x', field: null });
    });
    engine = startSyncEngine({ db, onUnauthorised: () => undefined });
    // Week, catalog and lists load side by side: wait for all of them.
    await waitFor(
      async () => {
        expect(await db.invites.count()).toBe(1);
        expect(await db.models.count()).toBe(1);
        expect(await db.subscriptions.count()).toBe(1);
      },
      { timeout: 3000 },
    );
    expect((await db.events.get(EVENT_UUID))?.subscribers_with_stuff[0]?.is_checked).toBe(true); // the pending tick stays
    expect((await db.invites.get(3))?.email).toBe('g@example.org');
    const weekCall = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/event/from/'));
    expect(weekCall).toMatch(/^\/api\/event\/from\/\d{4}-\d{2}-\d{2}\/to\/\d{4}-\d{2}-\d{2}$/);
  });
});
