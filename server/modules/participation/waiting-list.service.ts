import type { EventDto } from '@common/contract/event';
import { kitOf } from '@common/contract/kit-of';
import type { DossierReason } from '@common/contract/member-file';
import type { WaitingListRequest } from '@common/contract/participation';
import { type EventFacts, mayJoinWaitingList } from '@common/rules/events';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow, UserRow } from '../../db/schema';
import { assertAllowed, StuffUnavailableError } from '../../http-error';
import { eventDto } from '../events/event-details';
import { lockEvent } from '../events/event-facts';
import { offeredAmong } from '../events/events.repository';
import { memberActedFor } from '../family/acting-for.service';
import { insertWishedStuffs } from '../kit/kit.repository';
import { checkDossier } from '../member-file/event-dossier.service';
import { deleteDecline } from './declines.repository';
import { digestStateOf, noteForOrganisers } from './organiser-digest';
import { insertWaitingEntry, readStanding } from './participation.repository';
import { withWarnings } from './subscribe-dossier';

/** `POST /api/event/waiting-list`: only for a full, open, upcoming event the member is neither in nor waiting for. */
export async function joinWaitingList(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: WaitingListRequest,
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
  const warnings = await writeWaitingEntry(deps, db, member, event, facts, request);
  return withWarnings(await eventDto(db, event.uuid), warnings);
}

/**
 * The writes of joining a waiting list, for a member already resolved and the event locked, without reading
 * the event back (a series answers with outcomes). Answers what the member's file lacks under a warning model.
 */
export async function writeWaitingEntry(
  deps: AppDeps,
  db: Kysely<Database>,
  member: UserRow,
  event: EventRow,
  facts: EventFacts,
  request: WaitingListRequest,
): Promise<DossierReason[]> {
  const standing = await readStanding(db, event.uuid, member.id);
  assertAllowed(mayJoinWaitingList(facts, standing, deps.now()));
  // Waiting is checked as subscribing is (docs/rules.md#members-file); no override here: an organiser
  // subscribes the member instead.
  const { warnings } = await checkDossier(db, event.uuid, member.id, {
    readsHealth: true,
    override: false,
    mayOverride: false,
  });
  // A wish is checked for being offered only: its stock is read at promotion (docs/rules.md#kit).
  const wished = kitOf(request);
  const offered = await offeredAmong(db, event.uuid, wished);
  const notOffered = wished.find((uuid) => !offered.includes(uuid));
  if (notOffered)
    throw new StuffUnavailableError(notOffered, request.stuffs === undefined ? 'uuid_stuff' : 'stuffs');
  const seq = await insertWaitingEntry(db, event.uuid, member.id, deps.now());
  await insertWishedStuffs(db, seq, wished);
  await deleteDecline(db, event.uuid, member.id); // waiting for a place replaces "not coming"
  await noteForOrganisers(deps, db, event.uuid, member.id, digestStateOf(standing), 'waiting');
  return warnings;
}
