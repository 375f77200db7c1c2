import type { AttendanceTeam } from '@common/rules/attendance';
import type { Actor, Verdict } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { attendanceTeamOf } from '../events/co-organisers';
import { findEvent } from '../events/events.repository';

/**
 * The event an attendance request is about, once the shared rule allows the actor (docs/rules.md#roles): 404 naming
 * `field` when there is none, 403 when the rule refuses. With `lock`, the event row is held until the transaction
 * ends, as every change to its kit holds it (docs/rules.md#kit).
 */
export async function attendanceEvent(
  db: Kysely<Database>,
  actor: Actor,
  eventUuid: string,
  field: 'event_uuid' | 'id',
  rule: (actor: Actor, team: AttendanceTeam) => Verdict,
  lock = false,
) {
  const event = await findEvent(db, eventUuid, lock);
  if (!event) throw new HttpError(404, 'not_found', field);
  assertAllowed(rule(actor, await attendanceTeamOf(db, event)));
  return event;
}
