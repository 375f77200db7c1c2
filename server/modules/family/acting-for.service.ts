import { clubDayOf } from '@common/rules/club-time';
import { type MemberAction, mayActFor } from '@common/rules/family';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { readMemberFacts } from '../users/member-access';
import { findUserById } from '../users/users.repository';
import { recordActedFor } from './guardianships.repository';

type Db = Kysely<Database>;

/** The club day a write runs on: a minor is under 18 that day (docs/rules.md#families), replays included. */
export const clubToday = (deps: Pick<AppDeps, 'now'>): string =>
  clubDayOf(deps.now(), currentClub().timezone);

/**
 * The member `actor` acts for, once allowed (mayActFor, docs/rules.md#families): themself, or a minor for an
 * unrestricted guardian, on the actions a guardian may take. An unknown or deleted member is refused as a
 * stranger would be (403). What follows counts the member (their place, their standing, their notices);
 * role checks keep reading the actor's own role. Inside a write's transaction, a write for a child is kept
 * in the account audit (« Gwen pour Lou »), so it stands or falls with the write.
 */
export async function memberActedFor(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  actor: UserRow,
  memberId: string,
  action: MemberAction,
  field: string | null = 'uuid_user',
  eventUuid: string | null = null,
): Promise<{ member: UserRow; isForAChild: boolean }> {
  if (actor.id === memberId) return { member: actor, isForAChild: false };
  const member = await findUserById(db, memberId);
  if (!member || member.deleted_at) throw new HttpError(403, 'forbidden', field);
  const verdict = mayActFor(actor, await readMemberFacts(db, member), action, clubToday(deps), field);
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.code, verdict.field);
  if (verdict.isForAChild && db.isTransaction) await noteActedFor(deps, db, actor, member, action, eventUuid);
  return { member, isForAChild: verdict.isForAChild };
}

/** Keeps a write `actor` made in `member`'s place in the account audit (docs/rules.md#families). */
export function noteActedFor(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  actor: Pick<UserRow, 'id'>,
  member: Pick<UserRow, 'id'>,
  what: MemberAction,
  eventUuid: string | null,
): Promise<void> {
  return recordActedFor(db, { actorId: actor.id, memberId: member.id, what, eventUuid, at: deps.now() });
}
