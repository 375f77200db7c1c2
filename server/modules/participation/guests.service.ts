import { kitOf } from '@common/contract/kit-of';
import type { GuestRequest } from '@common/contract/participation';
import { mayDeleteGuest, mayInvite, mayReadGuestsOf, mayUpdateGuest } from '@common/rules/events';
import { hasStarted } from '@common/rules/kit';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, GuestRow, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { blankGuestNames } from '../attendance/checklist-log.repository';
import { lockEvent, ownershipOf } from '../events/event-facts';
import { findEvent } from '../events/events.repository';
import { memberActedFor } from '../family/acting-for.service';
import { insertBookedStuffs, readBookedKit, readGuestKits, replaceBookedStuffs } from '../kit/kit.repository';
import { fillFromWaitingList } from './fill-step';
import {
  deleteGuest as deleteGuestRow,
  eraseGuestContacts,
  findGuest,
  insertGuest,
  listGuestsOfHost,
  lockHostGuest,
  updateGuest,
} from './guests.repository';
import { readStanding } from './participation.repository';
import { lockAndAssertKit } from './stuff-availability';

type Db = Kysely<Database>;

/**
 * Who the guest rules see: a guardian allowed to act for the host (docs/rules.md#families) stands where the
 * host would, keeping their own role; anyone else is themself.
 */
async function inPlaceOfHost(deps: AppDeps, db: Db, actor: UserRow, hostId: string): Promise<UserRow> {
  if (actor.id === hostId) return actor;
  const acting = await memberActedFor(deps, db, actor, hostId, 'guests').catch(() => undefined);
  return acting?.isForAChild ? { ...actor, id: hostId } : actor;
}

export function toGuest(row: GuestRow, stuffs: string[]) {
  return {
    id: row.id,
    uuid_event: row.event_uuid,
    uuid_user: row.host_id,
    first_name: row.first_name,
    last_name: row.last_name,
    age: row.age,
    email: row.email,
    phone: row.phone,
    uuid_stuff: stuffs[0] ?? null,
    stuffs,
    is_checked: row.is_checked,
  };
}

/** `POST /api/event/invite`: a subscribed member brings up to 3 guests, who take places and may hold stuff. */
export async function saveGuest(deps: AppDeps, db: Db, actor: UserRow, request: GuestRequest) {
  const { member } = await memberActedFor(
    deps,
    db,
    actor,
    request.uuid_user,
    'guests',
    'uuid_user',
    request.uuid_event,
  );
  const { event, facts } = await lockEvent(deps, db, request.uuid_event);
  const standing = await readStanding(db, event.uuid, member.id);
  const kit = kitOf(request);
  const field = request.stuffs === undefined ? 'uuid_stuff' : 'stuffs';
  const fields = {
    first_name: request.first_name,
    last_name: request.last_name,
    age: request.age ?? null,
    email: request.email ?? null,
    phone: request.phone ?? null,
  };
  if (request.id !== undefined) {
    // Cancelled, past, then not subscribed (403 naming uuid_user).
    assertAllowed(mayUpdateGuest(facts, standing, deps.now()));
    const current = await lockHostGuest(db, request.id, event.uuid, member.id);
    if (!current) throw new HttpError(404, 'not_found', 'id');
    const holder = { guest_id: current.id };
    const held = await readBookedKit(db, holder);
    // The guest's kit changes whole or not at all; the items kept are not counted twice.
    if (kit.join() !== held.join()) {
      // A guest's kit changes as a member's does, until the event starts: kit already handed out stays recorded.
      if (hasStarted(facts, deps.now())) throw new HttpError(409, 'event_past', field);
      await lockAndAssertKit(db, event, kit, deps.config.rowLocks, { field, alreadyHeld: held });
      await replaceBookedStuffs(db, event.uuid, holder, kit);
    }
    return toGuest(await updateGuest(db, current.id, fields), kit);
  }

  // The same, then the guest limit, then a free place.
  assertAllowed(mayInvite(facts, standing, deps.now()));
  await lockAndAssertKit(db, event, kit, deps.config.rowLocks, { field });
  const guest = await insertGuest(db, event.uuid, member.id, fields, deps.now());
  await insertBookedStuffs(db, event.uuid, { guest_id: guest.id }, kit);
  return toGuest(guest, kit);
}

/** `PUT /api/event/delete-invitation`: the host, the event's creator or a SuperAdmin; never for a past event. */
export async function deleteGuest(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  id: number,
  eventUuid: string,
): Promise<void> {
  const { event, facts } = await lockEvent(deps, db, eventUuid);
  const guest = await findGuest(db, id, eventUuid);
  if (!guest) throw new HttpError(404, 'not_found', 'id');
  const asHost = await inPlaceOfHost(deps, db, actor, guest.host_id);
  assertAllowed(mayDeleteGuest(asHost, facts, guest.host_id, deps.now()));
  await deleteGuestRow(db, id);
  await fillFromWaitingList(deps, db, event);
}

/** The host's guests with their contact details: for the host, the event's creator or a SuperAdmin. */
export async function listHostGuests(deps: AppDeps, actor: UserRow, eventUuid: string, hostId: string) {
  const event = await findEvent(deps.db, eventUuid);
  if (!event) throw new HttpError(404, 'not_found', 'uuid_event');
  assertAllowed(
    mayReadGuestsOf(await inPlaceOfHost(deps, deps.db, actor, hostId), ownershipOf(event), hostId),
  );
  const guests = await listGuestsOfHost(deps.db, eventUuid, hostId);
  const kits = await readGuestKits(
    deps.db,
    guests.map((g) => g.id),
  );
  return guests.map((g) => toGuest(g, kits.get(g.id) ?? []));
}

export const GUEST_DATA_TTL_MS = 30 * 24 * 3_600_000;

/**
 * Scheduled: a guest's email, phone and age are erased 30 days after their event ends, and their name in
 * the checklist and kit logs (the guests row keeps it: the checklist still shows who came). Answers the guests
 * erased.
 */
export async function eraseOldGuestData(db: Db, now: Date): Promise<number> {
  const endedBefore = new Date(now.getTime() - GUEST_DATA_TTL_MS);
  await blankGuestNames(db, endedBefore);
  await blankGuestNames(db, endedBefore, 'kit_log');
  return eraseGuestContacts(db, endedBefore);
}
