import type { StuffHandOutRequest, StuffHandOutResponse } from '@common/contract/kit';
import { mayTakeAttendance } from '@common/rules/attendance';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { attendanceEvent } from './attendance-event';
import { usernameOf } from './checklist.repository';
import { writeTime } from './checklist.service';
import { type LockedItem, lockGuestItem, lockSubscriberItem, setItemState } from './kit-hand-out.repository';
import { appendKitLog } from './kit-log.repository';

/**
 * The state a write asks for, from the item's state when it arrives: it sets what it sends, never toggles. An item
 * given back was handed out, and one not handed out was not given back either (docs/rules.md#kit).
 */
function requestedState(
  request: Pick<StuffHandOutRequest, 'handed_out' | 'returned'>,
  item: Pick<LockedItem, 'handed_out' | 'returned'>,
) {
  if (request.returned === true) return { handed_out: true, returned: true };
  const handedOut = request.handed_out ?? item.handed_out;
  return { handed_out: handedOut, returned: handedOut && (request.returned ?? item.returned) };
}

/**
 * The booked item a write names, locked, and its holder's name as the log keeps it (as the checklist log does: the
 * member's username, the guest's names). 404 naming `uuid_stuff` when that person did not book that item here.
 */
async function lockItem(
  db: Kysely<Database>,
  eventUuid: string,
  memberId: string | null,
  guestId: number | null,
  stuffUuid: string,
): Promise<{ item: LockedItem; participantName: string }> {
  if (guestId !== null) {
    const item = await lockGuestItem(db, eventUuid, guestId, stuffUuid);
    if (item) return { item, participantName: `${item.first_name} ${item.last_name}` };
  } else if (memberId !== null) {
    const item = await lockSubscriberItem(db, eventUuid, memberId, stuffUuid);
    if (item) return { item, participantName: await usernameOf(db, memberId) };
  }
  throw new HttpError(404, 'not_found', 'uuid_stuff');
}

/**
 * `PUT /api/event/checklist/stuff` (docs/rules.md#kit): who takes attendance hands a booked item out, or takes it
 * back. As a tick (docs/rules.md#checklist), each write carries its device time, clamped by `writeTime`: one older
 * than the item's last is ignored (ties: the later arrival wins), so replays in any order end in the newest state.
 * The event row is locked first, as a kit change locks it, then the item's row. Every write, applied or ignored,
 * is appended to the kit log with the names as they are now and its idempotency key. Answers the item's state.
 */
export async function setStuffHandOut(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: StuffHandOutRequest,
  idempotencyKey: string | null = null,
): Promise<StuffHandOutResponse> {
  const event = await attendanceEvent(
    db,
    actor,
    request.event_uuid,
    'event_uuid',
    mayTakeAttendance,
    deps.config.rowLocks,
  );
  const now = deps.now();
  const at = writeTime(now, request.checked_at);

  const guestId = request.is_invited ? (request.user_id as number) : null;
  const memberId = request.is_invited ? null : (request.user_id as string);
  const { item, participantName } = await lockItem(db, event.uuid, memberId, guestId, request.uuid_stuff);

  const wanted = requestedState(request, item);
  const isApplied = item.changed_at === null || at >= item.changed_at;
  await appendKitLog(db, {
    event_uuid: event.uuid,
    is_invited: request.is_invited,
    user_id: memberId,
    guest_id: guestId,
    participant_name: participantName,
    stuff_uuid: request.uuid_stuff,
    stuff_name: item.stuff_name,
    ...wanted,
    checked_by: actor.id,
    checked_by_name: actor.username,
    checked_at: at,
    received_at: now,
    is_ignored: !isApplied,
    idempotency_key: idempotencyKey,
  });
  const state = isApplied ? { ...wanted, changed_at: at } : item;
  if (isApplied) await setItemState(db, item.id, { ...wanted, changed_at: at, changed_by: actor.id });
  return {
    event_uuid: event.uuid,
    is_invited: request.is_invited,
    user_id: request.user_id,
    uuid_stuff: request.uuid_stuff,
    handed_out: state.handed_out,
    returned: state.returned,
    changed_at: state.changed_at?.toISOString() ?? null,
  };
}
