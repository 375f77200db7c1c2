import 'fake-indexeddb/auto';
import type { User } from '@common/contract/user';
import type { ClubMember } from '@common/contract/walk-in';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLUB_MEMBERS_FRESH_MS,
  CLUB_MEMBERS_KEPT_MS,
  keptClubMembers,
  refreshClubMembers,
} from '../../../src/data/core/club-members';
import { EquipeeDb } from '../../../src/data/core/db';
import { clearCachedData } from '../../../src/data/core/session-mirror';
import { setToken } from '../../../src/data/core/session-storage';
import { json, stubFetch, USER } from '../fake-api';
import { cachedEvent } from './event-fixture';

// The club's members kept on an organiser's device for a walk-in offline (docs/rules.md#checklist): only while they
// take attendance at an upcoming event the device holds, at most 7 days, never past a sign-out.
const ORGANISER: User = { ...USER, role_name: 'Contributor' };
const NOW = Date.parse('2026-12-01T08:00:00.000Z');
const HOUR = 3_600_000;
const MEMBERS: ClubMember[] = [
  { id: 'm-1', first_name: 'Gwen', last_name: 'Morvan', thumbnail: '/files/profile/thumbnail-m-1.png' },
  { id: 'm-2', first_name: 'Lou', last_name: 'Caché', thumbnail: '/files/profile/thumbnail-m-2.png' },
];

let db: EquipeeDb;
let reads: string[];
let answer: () => Response;

/** An event of the organiser's, ending `endsInMs` after NOW. */
const organised = (endsInMs: number, creatorId = ORGANISER.id) =>
  cachedEvent({
    creator: { id: creatorId, first_name: null, last_name: null },
    start_date: new Date(NOW + endsInMs - 2 * HOUR).toISOString(),
    end_date: new Date(NOW + endsInMs).toISOString(),
  });

beforeEach(async () => {
  db = new EquipeeDb(`club-members-${crypto.randomUUID()}`);
  setToken('tok');
  reads = [];
  answer = () => json(200, MEMBERS);
  stubFetch((url) => {
    reads.push(new URL(url, 'http://localhost').pathname);
    return answer();
  });
  await db.session.put({ key: 'current', token: 'tok', user: ORGANISER });
});
afterEach(() => db.close());

describe("the club's members kept for walk-ins offline", () => {
  it('is read and kept for one who takes attendance at an upcoming event held here', async () => {
    await db.events.put(organised(30 * HOUR));
    await refreshClubMembers(db, NOW);
    expect(reads).toEqual(['/api/event/checklist/members']);
    expect(await keptClubMembers(db, ORGANISER.id, NOW)).toEqual(MEMBERS);
    expect(await db.clubMembers.get('current')).toMatchObject({ userId: ORGANISER.id, readAt: NOW });

    // Read again only once it is some hours old.
    await refreshClubMembers(db, NOW + HOUR);
    expect(reads).toHaveLength(1);
    await refreshClubMembers(db, NOW + CLUB_MEMBERS_FRESH_MS);
    expect(reads).toHaveLength(2);
  });

  it('is never read for a member who runs nothing, nor for an event ended or cancelled, and a kept list goes', async () => {
    await db.clubMembers.put({ key: 'current', userId: ORGANISER.id, readAt: NOW, members: MEMBERS });
    // Someone else's event, one of theirs that ended, one cancelled.
    await db.events.bulkPut([
      { ...organised(3 * HOUR, 'someone-else'), uuid_event: 'e1' },
      { ...organised(-HOUR), uuid_event: 'e2' },
      { ...organised(3 * HOUR), uuid_event: 'e3', is_cancelled: true },
    ]);
    await refreshClubMembers(db, NOW);
    expect(reads).toEqual([]);
    expect(await db.clubMembers.count()).toBe(0);

    // A plain member, even as the creator of an upcoming event (a Contributor since made User).
    await db.events.put(organised(3 * HOUR));
    await db.session.put({ key: 'current', token: 'tok', user: { ...ORGANISER, role_name: 'User' } });
    await refreshClubMembers(db, NOW);
    expect(reads).toEqual([]);
    expect(await db.clubMembers.count()).toBe(0);
  });

  it('drops the list the server refuses (403)', async () => {
    await db.events.put(organised(3 * HOUR));
    await db.clubMembers.put({
      key: 'current',
      userId: ORGANISER.id,
      readAt: NOW - 7 * HOUR,
      members: MEMBERS,
    });
    answer = () => json(403, { code: 'forbidden', message: 'Interdit', field: null });
    await expect(refreshClubMembers(db, NOW)).rejects.toThrow();
    expect(await db.clubMembers.count()).toBe(0);
  });

  it('is gone 7 days after it was read, even with no signal to read it again', async () => {
    await db.events.put(organised(30 * 24 * HOUR));
    await refreshClubMembers(db, NOW);
    expect(await keptClubMembers(db, ORGANISER.id, NOW + CLUB_MEMBERS_KEPT_MS - 1)).toEqual(MEMBERS);

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(refreshClubMembers(db, NOW + CLUB_MEMBERS_KEPT_MS)).rejects.toThrow();
    expect(await db.clubMembers.count()).toBe(0);
    expect(await keptClubMembers(db, ORGANISER.id, NOW + CLUB_MEMBERS_KEPT_MS)).toBeNull();
  });

  it("is cleared at sign-out, and never given to another member's session", async () => {
    await db.clubMembers.put({ key: 'current', userId: ORGANISER.id, readAt: NOW, members: MEMBERS });
    expect(await keptClubMembers(db, 'another-member', NOW)).toBeNull();
    expect(await db.clubMembers.count()).toBe(0);

    await db.clubMembers.put({ key: 'current', userId: ORGANISER.id, readAt: NOW, members: MEMBERS });
    await clearCachedData(db);
    expect(await db.clubMembers.count()).toBe(0);
  });
});
