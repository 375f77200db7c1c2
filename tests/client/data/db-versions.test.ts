import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';

/**
 * A database made by version 1 of the app, frozen here as it shipped (never import the current schema),
 * with writes still queued: the current code must open it and keep them. This test stays as versions are
 * added.
 */
const VERSION_1_STORES = {
  session: 'key',
  events: 'uuid_event, start_date, end_date',
  models: 'uuid',
  stuffs: 'uuid',
  subscriptions: 'uuid, uuid_event',
  waitingList: 'uuid_event',
  invites: 'id, uuid_event',
  outbox: '++id, userId, status, createdAt',
};

describe('database versions', () => {
  it('opens a version-1 database with queued writes and keeps them', async () => {
    const name = `v1-${crypto.randomUUID()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(VERSION_1_STORES);
    const queued = {
      userId: 'member-1',
      kind: 'check',
      eventUuid: 'e1',
      method: 'PUT',
      path: '/api/event/checklist',
      body: {
        event_uuid: 'e1',
        is_invited: false,
        user_id: 'member-1',
        is_checked: true,
        checked_at: '2026-11-01T10:00:00.000Z',
      },
      idempotencyKey: 'key-1',
      createdAt: 1,
      attempts: 2,
      status: 'pending',
      lastError: 'network_error',
      nextAttemptAt: 5,
    };
    await v1.table('outbox').bulkAdd([queued, { ...queued, idempotencyKey: 'key-2', createdAt: 2 }]);
    await v1.table('session').put({ key: 'current', token: 'tok', user: { id: 'member-1' } });
    v1.close();

    const current = new EquipeeDb(name);
    try {
      const rows = await current.outbox.orderBy('id').toArray();
      expect(rows.map((r) => r.idempotencyKey)).toEqual(['key-1', 'key-2']);
      expect(rows[0]).toMatchObject({ ...queued, id: 1 });
      expect((await current.session.get('current'))?.token).toBe('tok');
      // Version 2 dropped the member's own lists (read by no screen) and keeps the club's settings;
      // version 3 keeps attendance records; version 4 the weeks read at least once; version 5 the
      // member's own "not coming" answers; version 6 the club's news; version 7 who declines each event;
      // version 8 the member's family and the venue facts of events; version 9 the threads of events;
      // version 10 the club's members an organiser keeps for walk-ins offline; version 11 members' files.
      expect(current.tables.map((t) => t.name).sort()).toEqual([
        'attendance',
        'clubMembers',
        'clubSettings',
        'comments',
        'eventDeclines',
        'events',
        'family',
        'memberFiles',
        'models',
        'myDeclines',
        'news',
        'outbox',
        'readWeeks',
        'session',
        'stuffs',
        'venueFacts',
      ]);
      // In the database itself too: version 1's dropped lists are gone, the indexes are there.
      const stored = current.backendDB();
      expect([...stored.objectStoreNames].sort()).toEqual(current.tables.map((t) => t.name).sort());
      const transaction = stored.transaction(['events', 'outbox', 'news', 'comments'], 'readonly');
      expect([...transaction.objectStore('events').indexNames].sort()).toEqual(['end_date', 'start_date']);
      expect([...transaction.objectStore('outbox').indexNames].sort()).toEqual([
        'createdAt',
        'status',
        'userId',
      ]);
      expect([...transaction.objectStore('news').indexNames]).toEqual(['created_at']);
      expect([...transaction.objectStore('comments').indexNames]).toEqual(['uuid_event']);
      expect(stored.version).toBe(110);
    } finally {
      await current.delete();
    }
  });
});
