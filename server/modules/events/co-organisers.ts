import type { AttendanceTeam } from '@common/rules/attendance';
import { canManageContent } from '@common/rules/roles';
import type { Kysely } from 'kysely';
import type { Database, EventRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { activeRoles, coOrganiserIds } from './co-organisers.repository';

type Db = Kysely<Database>;

/** Who may take an event's attendance besides the admins: its creator and co-organisers (docs/rules.md#roles). */
export async function attendanceTeamOf(db: Db, event: EventRow): Promise<AttendanceTeam> {
  return { creatorId: event.creator_id, coOrganiserIds: await coOrganiserIds(db, event.uuid) };
}

/**
 * The co-organisers an event form names, checked: once each, the creator left out (they run it anyway),
 * every one an active account (404 otherwise) holding Contributor or above (400, as a User could not take
 * attendance). Their role is read again at each request, so a later demotion still takes the right away.
 */
export async function checkedCoOrganisers(db: Db, creatorId: string, requested: string[]): Promise<string[]> {
  const ids = [...new Set(requested)].filter((id) => id !== creatorId);
  const roles = await activeRoles(db, ids);
  for (const id of ids) {
    const role = roles.get(id);
    if (!role) throw new HttpError(404, 'not_found', 'co_organisers');
    if (!canManageContent(role)) throw new HttpError(400, 'invalid_input', 'co_organisers');
  }
  return ids;
}
