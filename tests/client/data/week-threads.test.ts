import 'fake-indexeddb/auto';
import type { Comment } from '@common/contract/comments';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EquipeeDb } from '../../../src/data/core/db';
import { readWeekThreads } from '../../../src/data/core/week-threads';
import { json, offline, stubFetch } from '../fake-api';
import { cachedEvent } from './event-fixture';

/**
 * The week's threads are read in the background once it is painted (docs/rules.md#talking-around-an-event): only
 * those whose count this device does not hold yet, and a failed read leaves the rest to their sheets.
 */
let db: EquipeeDb;
const TALKED = '22222222-2222-4222-8222-222222222222';
const HELD = '33333333-3333-4333-8333-333333333333';
const QUIET = '55555555-5555-4555-8555-555555555555';
const comment = (eventUuid: string, n: number): Comment => ({
  id: `77777777-7777-4777-8777-${String(n).padStart(12, '0')}`,
  uuid_event: eventUuid,
  text: `Message ${n}`,
  author: { id: 'a', first_name: 'Gwen', last_name: 'Le Goff', thumbnail: null },
  created_at: new Date(Date.now() - n * 60_000).toISOString(),
  edited_at: null,
});

beforeEach(async () => {
  db = new EquipeeDb(`week-threads-${crypto.randomUUID()}`);
  const base = cachedEvent();
  await db.events.bulkPut([
    { ...base, uuid_event: TALKED, comments_count: 2 },
    { ...base, uuid_event: HELD, comments_count: 1 },
    { ...base, uuid_event: QUIET, comments_count: 0 },
  ]);
  await db.comments.put(comment(HELD, 9));
});
afterEach(() => db.delete());

const week = () => {
  const event = cachedEvent();
  return [
    new Date(Date.parse(event.start_date) - 86_400_000).toISOString(),
    new Date(Date.parse(event.end_date) + 86_400_000).toISOString(),
  ] as const;
};

describe('the week’s threads', () => {
  it('reads only the threads this device does not hold, and keeps them', async () => {
    const read: string[] = [];
    stubFetch((url) => {
      read.push(url);
      return json(200, url.includes(TALKED) ? [comment(TALKED, 1), comment(TALKED, 2)] : []);
    });
    await readWeekThreads(db, ...week());
    expect(read).toEqual([`/api/event/${TALKED}/comments`]);
    expect(await db.comments.where('uuid_event').equals(TALKED).count()).toBe(2);
  });

  it('stops at the first read that fails, offline, and leaves the cache as it was', async () => {
    const read: string[] = [];
    stubFetch((url) => {
      read.push(url);
      return offline();
    });
    await readWeekThreads(db, ...week());
    expect(read).toHaveLength(1);
    expect(await db.comments.where('uuid_event').equals(TALKED).count()).toBe(0);
    expect(await db.comments.where('uuid_event').equals(HELD).count()).toBe(1);
  });
});
