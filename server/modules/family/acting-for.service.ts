import { clubDayOf } from '@common/rules/club-time';
import { type MemberAction, mayActFor } from '@common/rules/family';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { readMemberFacts } from '../users/member-access';
import { findUserById } from '../users/users.repository';

type Db = Kysely<Database>;

/** The club day a write runs on: a minor is under 18 that day (docs/rules.md#families), replays included. */
export const clubToday = (deps: Pick<AppDeps, 'now'>): string =>
  clubDayOf(deps.now(), currentClub().timezone);

/**
 * The member `actor` acts for, once allowed (mayActFor, docs/rules.md#families): themself, or a minor for an
 * unrestricted guardian, on the actions a guardian may take. An unknown or deleted member is refused as a
 * stranger would be (403). What follows counts the member (their place, their standing, their notices);
 * role checks keep reading the actor's own role.
 */
export async function memberActedFor(
  deps: Pick<AppDeps, 'now'>,
  db: Db,
  actor: UserRow,
  memberId: string,
  action: MemberAction,
  field: string | null = 'uuid_user',
): Promise<{ member: UserRow; isForAChild: boolean }> {
  if (actor.id === memberId) return { member: actor, isForAChild: false };
  const member = await findUserById(db, memberId);
  if (!member || member.deleted_at) throw new HttpError(403, 'forbidden', field);
  const verdict = mayActFor(actor, await readMemberFacts(db, member), action, clubToday(deps), field);
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.code, verdict.field);
  return { member, isForAChild: verdict.isForAChild };
}
