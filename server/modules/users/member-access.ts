import { clubDayOf } from '@common/rules/club-time';
import { type MemberAction, type MemberFacts, mayActFor } from '@common/rules/family';
import { mayEditProfile, mayReadProfile } from '@common/rules/users';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { currentClub } from '../../db/club-scope/current-club';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { guardianLinksOf } from './guardian-links.repository';

/** What the family rules read of a member: their birth date and every guardian link. */
export async function readMemberFacts(
  db: Kysely<Database>,
  member: Pick<UserRow, 'id' | 'birth_date'>,
): Promise<MemberFacts> {
  return { id: member.id, birthDate: member.birth_date, guardians: await guardianLinksOf(db, member.id) };
}

/**
 * Refuses unless `actor` may do `action` on the account `target` (docs/rules.md#roles, docs/rules.md#families):
 * by the role rules (`read`: self or an admin; `edit`: self or an admin who may change the account's role),
 * or as an unrestricted guardian of a minor on the actions a guardian may take. A stranger is 403; a
 * restricted guardian is 404, as the child does not exist for them.
 */
export async function assertMayActOnAccount(
  deps: Pick<AppDeps, 'now'>,
  db: Kysely<Database>,
  actor: UserRow,
  target: UserRow,
  action: MemberAction,
  byRole: 'read' | 'edit',
): Promise<void> {
  if (byRole === 'read' ? mayReadProfile(actor, target.id) : mayEditProfile(actor, target)) return;
  const today = clubDayOf(deps.now(), currentClub().timezone);
  const verdict = mayActFor(actor, await readMemberFacts(db, target), action, today, null);
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.code);
}
