/**
 * The club's members kept on an organiser's device, to add a walk-in with no signal (docs/rules.md#checklist): read
 * only while the signed-in member takes attendance at an upcoming event this device holds (the rule the server
 * applies, `mayReadClubMembers`), dropped when that stops, 7 days after it was read, and at sign-out
 * (`clearCachedData`). Its own chunk: the sync engine loads it after the week.
 */
import { CLUB_MEMBERS_PATH, type ClubMember, clubMembersSchema } from '@common/contract/walk-in';
import { mayReadClubMembers } from '@common/rules/attendance';
import { factsOf } from '@common/rules/events';
import { ApiError, apiRequest } from './api-client';
import type { ClubMembersRow, EquipeeDb } from './db';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A list older than this is gone: names change, members leave (docs/rules.md#checklist). */
export const CLUB_MEMBERS_KEPT_MS = 7 * DAY_MS;
/** Read again at most this often: the list rarely changes within a day. */
export const CLUB_MEMBERS_FRESH_MS = 6 * 60 * 60 * 1000;

/** The kept row for this member, or null: none, another member's, or older than 7 days (then dropped). */
async function keptRow(db: EquipeeDb, userId: string, now: number): Promise<ClubMembersRow | null> {
  const row = await db.clubMembers.get('current');
  if (!row) return null;
  if (row.userId !== userId || now - row.readAt >= CLUB_MEMBERS_KEPT_MS) {
    await db.clubMembers.delete('current');
    return null;
  }
  return row;
}

/** The kept list for this member, or null: none, another member's, or older than 7 days (then dropped). */
export async function keptClubMembers(
  db: EquipeeDb,
  userId: string,
  now = Date.now(),
): Promise<ClubMember[] | null> {
  return (await keptRow(db, userId, now))?.members ?? null;
}

/** Whether the signed-in member takes attendance at an upcoming event this device holds (not ended, not cancelled). */
async function takesAttendanceAhead(db: EquipeeDb, now: number): Promise<boolean> {
  const session = await db.session.get('current');
  if (!session) return false;
  const upcoming = await db.events
    .where('end_date')
    .above(new Date(now).toISOString())
    .filter((event) => !event.is_cancelled)
    .toArray();
  return mayReadClubMembers(session.user, upcoming.map(factsOf)).ok;
}

/**
 * Keeps the list as the rule allows: dropped when the member takes attendance at no upcoming event held here (or
 * the server says so, 403) or when it is 7 days old; read again when missing or older than 6 hours. Nothing when
 * nobody is signed in.
 */
export async function refreshClubMembers(db: EquipeeDb, now = Date.now()): Promise<void> {
  const session = await db.session.get('current');
  if (!session) return;
  if (!(await takesAttendanceAhead(db, now))) {
    await db.clubMembers.delete('current');
    return;
  }
  // A list 7 days old goes now, so a failed read (offline) leaves none rather than it.
  const kept = await keptRow(db, session.user.id, now);
  if (kept && now - kept.readAt < CLUB_MEMBERS_FRESH_MS) return;
  let members: ClubMember[];
  try {
    members = await apiRequest('GET', CLUB_MEMBERS_PATH, { schema: clubMembersSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) await db.clubMembers.delete('current');
    throw error;
  }
  await db.transaction('rw', db.clubMembers, db.session, async () => {
    // Another member signed in meanwhile: this list is not theirs to keep.
    if ((await db.session.get('current'))?.user.id !== session.user.id) return;
    await db.clubMembers.put({ key: 'current', userId: session.user.id, readAt: now, members });
  });
}
