import type { Kysely } from 'kysely';
import type { ChecklistRequest } from '../../../src/common/contract/participation';
import { mayTakeAttendance } from '../../../src/common/rules/attendance';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { assertAllowed, HttpError } from '../../http-error';
import { attendanceTeamOf } from '../events/co-organisers';
import { findEvent } from '../events/events.repository';
import {
  lockGuestCheck,
  lockSubscriberCheck,
  setGuestCheck,
  setSubscriberCheck,
  usernameOf,
} from './checklist.repository';
import { appendChecklistLog } from './checklist-log.repository';

/** A device clock running ahead may not push a tick into the future beyond this. */
export const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * `PUT /api/event/checklist` sets (never toggles) a check. Ticks made offline arrive late and in any
 * order, so each carries its device time: a write older than the stored one is ignored (ties: the later
 * arrival wins), and replays in any order end in the newest state. Every accepted write, applied or
 * ignored, is appended to the checklist log with both times and its idempotency key (issue 12).
 * Answers the row's current state.
 */
export async function setCheck(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: ChecklistRequest,
  idempotencyKey: string | null = null,
) {
  const event = await findEvent(db, request.event_uuid);
  if (!event) throw new HttpError(404, 'not_found', 'event_uuid');
  assertAllowed(mayTakeAttendance(actor, await attendanceTeamOf(db, event)));
  const now = deps.now();
  const requested = request.checked_at ? new Date(request.checked_at) : now;
  const at = new Date(Math.min(requested.getTime(), now.getTime() + CLOCK_SKEW_MS));

  const guestId = request.user_id as number;
  const row = request.is_invited
    ? await lockGuestCheck(db, guestId, event.uuid)
    : await lockSubscriberCheck(db, request.user_id as string, event.uuid);
  if (!row) throw new HttpError(404, 'not_found', 'user_id');

  let state = { is_checked: row.is_checked, checked_at: row.checked_at };
  const isApplied = row.checked_at === null || at >= row.checked_at;
  await appendChecklistLog(db, {
    event_uuid: event.uuid,
    is_invited: request.is_invited,
    user_id: 'uuid' in row ? (request.user_id as string) : null,
    guest_id: 'uuid' in row ? null : guestId,
    participant_name:
      'uuid' in row ? await usernameOf(db, request.user_id as string) : `${row.first_name} ${row.last_name}`,
    is_checked: request.is_checked,
    checked_by: actor.id,
    checked_by_name: actor.username,
    checked_at: at,
    received_at: now,
    is_ignored: !isApplied,
    idempotency_key: idempotencyKey,
  });
  if (isApplied) {
    const change = { is_checked: request.is_checked, checked_at: at, checked_by: actor.id };
    if ('uuid' in row) await setSubscriberCheck(db, row.uuid, change);
    else await setGuestCheck(db, guestId, change);
    state = { is_checked: change.is_checked, checked_at: change.checked_at };
  }
  return {
    event_uuid: event.uuid,
    is_invited: request.is_invited,
    user_id: request.user_id,
    is_checked: state.is_checked,
    checked_at: state.checked_at?.toISOString() ?? null,
  };
}
