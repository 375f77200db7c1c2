import 'fake-indexeddb/auto';
import { Dexie, liveQuery, type ObservabilitySet, RangeSet } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EquipeeDb, type OutboxRow } from '../../../src/data/core/db';
import { NotCachedError, queueCheck } from '../../../src/data/core/outbox';
import { USER } from '../fake-api';
import { cachedEvent, EVENT_UUID, MEMBER_ID } from './event-fixture';

let db: EquipeeDb;
let heard: ObservabilitySet[];
const listen = (parts: ObservabilitySet) => {
  heard.push(parts);
};
beforeEach(async () => {
  db = new EquipeeDb(`tick-write-${crypto.randomUUID()}`);
  await db.events.put(cachedEvent());
  heard = [];
  Dexie.on('storagemutated', listen);
});
afterEach(async () => {
  Dexie.on('storagemutated').unsubscribe(listen);
  await db.delete();
});

const TICK = { eventUuid: EVENT_UUID, userId: MEMBER_ID, isInvited: false, status: 'present' as const };
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};
const partsFor = (dbName: string) => (parts: ObservabilitySet) =>
  Object.keys(parts).some((key) => key.startsWith(`idb://${dbName}/outbox/`));

describe('a tick written beside Dexie', () => {
  it('names the same parts of the outbox as Dexie does for its own add, with the same keys', async () => {
    const id = await queueCheck(db, USER, TICK, 5_000);
    await until(() => heard.some(partsFor(db.name)));
    const ours = heard.find(partsFor(db.name)) ?? {};

    // Dexie's own add of the same row, in a database of its own.
    const other = new EquipeeDb(`tick-write-dexie-${crypto.randomUUID()}`);
    await other.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    heard = [];
    const row = (await db.outbox.get(id)) as OutboxRow;
    const { id: _, ...withoutId } = row;
    const dexieId = await other.outbox.add(withoutId);
    await until(() => heard.some(partsFor(other.name)));
    const dexies = heard.find(partsFor(other.name)) ?? {};
    await other.delete();

    const tail = (parts: ObservabilitySet, dbName: string) =>
      Object.keys(parts)
        .map((key) => key.slice(`idb://${dbName}/`.length))
        .sort();
    expect(tail(ours, db.name)).toEqual(tail(dexies, other.name));
    expect(dexieId).toBe(id);
    const has = (parts: ObservabilitySet, dbName: string, index: string, key: string | number) =>
      new RangeSet().add(parts[`idb://${dbName}/outbox/${index}`] ?? { d: 0 }).hasKey(key);
    for (const [index, key] of [
      ['', id],
      ['status', 'pending'],
      ['userId', USER.id],
      ['createdAt', 5_000],
    ] as const) {
      expect(has(ours, db.name, index, key)).toBe(true);
      expect(has(dexies, other.name, index, key)).toBe(true);
    }
  });

  it("wakes a live query on the outbox, which reads the tick's row", async () => {
    const seen: number[] = [];
    const subscription = liveQuery(() =>
      db.outbox
        .where('status')
        .equals('pending')
        .filter((r) => r.kind === 'check')
        .count(),
    ).subscribe((count) => seen.push(count));
    await until(() => seen.length === 1);
    await queueCheck(db, USER, TICK);
    await until(() => seen.at(-1) === 1);
    subscription.unsubscribe();
  });

  it('leaves no row and tells nobody when the event is not cached', async () => {
    await expect(queueCheck(db, USER, { ...TICK, eventUuid: 'not-cached' })).rejects.toThrow(NotCachedError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(0);
    expect(heard.filter(partsFor(db.name))).toEqual([]);
  });

  it('works on a database not opened yet', async () => {
    const fresh = new EquipeeDb(`tick-write-closed-${crypto.randomUUID()}`);
    await fresh.events.put(cachedEvent());
    fresh.close();
    expect(fresh.isOpen()).toBe(false);
    const id = await queueCheck(fresh, USER, TICK);
    expect((await fresh.outbox.get(id))?.body).toMatchObject({ user_id: MEMBER_ID, is_checked: true });
    await fresh.delete();
  });
});
