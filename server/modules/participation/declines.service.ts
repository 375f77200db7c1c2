import type { EventDto } from '@common/contract/event';
import type { DeclineEntry, DeclineRequest } from '@common/contract/participation';
import { mayReadAttendance } from '@common/rules/attendance';
import { mayAnswerDecline } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { attendanceTeamOf } from '../events/co-organisers';
import { eventDto } from '../events/event-details';
import { lockEvent } from '../events/event-facts';
import { findEvent } from '../events/events.repository';
import { memberActedFor } from '../family/acting-for.service';
import { deleteDecline, insertDecline, listEventDeclines } from './declines.repository';
import { readStanding } from './participation.repository';
import { setSubscription } from './subscriptions.service';

/**
 * `PUT /api/event/decline` (docs/rules.md#subscriptions): "not coming" takes no place, so a member who held a place or
 * a waiting-list spot leaves it first, exactly as leaving does (their guests go with them, the
 * next in line is promoted, the member and the creator are told). Reminders skip whoever declined, as they
 * skip whoever holds no place. `decline: false` only takes the answer back.
 */
export async function setDecline(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: DeclineRequest,
): Promise<EventDto> {
  const { member } = await memberActedFor(
    deps,
    db,
    actor,
    request.uuid_user,
    'decline',
    'uuid_user',
    request.uuid_event,
  );
  const { event, facts } = await lockEvent(deps, db, request.uuid_event);
  assertAllowed(mayAnswerDecline(facts, deps.now()));
  if (!request.decline) {
    await deleteDecline(db, event.uuid, member.id);
    return eventDto(db, event.uuid);
  }
  const standing = await readStanding(db, event.uuid, member.id);
  if (standing.isSubscribed || standing.isWaiting)
    await setSubscription(deps, db, actor, { ...request, subscribe: false });
  await insertDecline(db, event.uuid, member.id, deps.now());
  return eventDto(db, event.uuid);
}

/** An event's "not coming" answers, for those who may take its attendance. */
export async function declinesOf(
  db: Kysely<Database>,
  actor: UserRow,
  eventUuid: string,
): Promise<DeclineEntry[]> {
  const event = await findEvent(db, eventUuid);
  if (!event) throw new HttpError(404, 'not_found', 'id');
  assertAllowed(mayReadAttendance(actor, await attendanceTeamOf(db, event)));
  return listEventDeclines(db, eventUuid);
}
