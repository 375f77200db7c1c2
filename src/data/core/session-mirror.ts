/**
 * The session as the service worker sees it: the token (mirrored from localStorage, which a worker cannot
 * read) and the user, in Dexie. Signing out clears the user's cached data, their own "not coming" answers
 * included (and the threads of events, and the club's members an organiser kept), but never the outbox: writes
 * still pending wait, tied to their user, for that user's next
 * sign-in. The club's settings (time zone, slogan) and its news are not the user's and stay.
 */
import type { User } from '@common/contract/user';
import type { EquipeeDb } from './db';

export async function mirrorSession(db: EquipeeDb, token: string, user: User): Promise<void> {
  await db.session.put({ key: 'current', token, user });
}

export async function clearCachedData(db: EquipeeDb): Promise<void> {
  const tables = [
    db.session,
    db.events,
    db.models,
    db.stuffs,
    db.attendance,
    db.readWeeks,
    db.eventDeclines,
    db.myDeclines,
    db.family,
    db.venueFacts,
    db.comments,
    db.clubMembers,
    db.memberFiles,
  ];
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
}
