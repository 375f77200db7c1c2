import { thumbnailUrl } from '@common/contract/users';
import type { ClubMember } from '@common/contract/walk-in';
import { mayReadClubMembers } from '@common/rules/attendance';
import type { Actor } from '@common/rules/events';
import { isAdminRole } from '@common/rules/roles';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { assertAllowed } from '../../http-error';
import { clubMemberRows, upcomingTeams } from './members.repository';

/** Enough upcoming events to find one the actor takes attendance at; the rule only needs one. */
const TEAMS_LOOKED_AT = 20;

/**
 * `GET /api/event/checklist/members` (docs/rules.md#checklist): the club's members, id, first and last name and
 * thumbnail, nothing more, for those who may take attendance at an upcoming event; their device keeps it to add
 * a walk-in with no signal. 403 for anyone else.
 */
export async function clubMembers(db: Kysely<Database>, actor: Actor, now: Date): Promise<ClubMember[]> {
  const teams = await upcomingTeams(db, now, isAdminRole(actor.role_name) ? null : actor.id, TEAMS_LOOKED_AT);
  assertAllowed(mayReadClubMembers(actor, teams));
  const rows = await clubMemberRows(db);
  return rows.map((r) => ({
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    thumbnail: thumbnailUrl(r.id),
  }));
}
