import type { EventDto } from '@common/contract/event';
import { mayJoinWaitingList } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { eventDto } from '../events/event-details';
import { lockEvent } from '../events/event-facts';
import { isStuffOffered } from '../events/events.repository';
import { memberActedFor } from '../family/acting-for.service';
import { deleteDecline } from './declines.repository';
import { digestStateOf, noteForOrganisers } from './organiser-digest';
import { insertWaitingEntry, readStanding } from './participation.repository';

/** `POST /api/event/waiting-list`: only for a full, open, upcoming event the member is neither in nor waiting for. */
export async function joinWaitingList(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: { uuid_event: string; uuid_user: string; uuid_stuff?: string | null | undefined },
): Promise<EventDto> {
  const { member } = await memberActedFor(
    deps,
    db,
    actor,
    request.uuid_user,
    'waiting_list',
    'uuid_user',
    request.uuid_event,
  );
  const { event, facts } = await lockEvent(deps, db, request.uuid_event);
  const standing = await readStanding(db, event.uuid, member.id);
  assertAllowed(mayJoinWaitingList(facts, standing, deps.now()));
  const wished = request.uuid_stuff ?? null;
  if (wished && !(await isStuffOffered(db, event.uuid, wished)))
    throw new HttpError(409, 'stuff_unavailable', 'uuid_stuff');
  await insertWaitingEntry(db, event.uuid, member.id, wished, deps.now());
  await deleteDecline(db, event.uuid, member.id); // waiting for a place replaces "not coming"
  await noteForOrganisers(deps, db, event.uuid, member.id, digestStateOf(standing), 'waiting');
  return eventDto(db, event.uuid);
}
