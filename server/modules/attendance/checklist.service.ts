import { isPresentStatus, requestedStatus } from '@common/contract/attendance-status';
import type { ChecklistRequest } from '@common/contract/participation';
import { mayTakeAttendance } from '@common/rules/attendance';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { attendanceEvent } from './attendance-event';
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

/** The time a write is ordered by: the device's, else now, never more than the allowed skew ahead. */
export function writeTime(now: Date, requested: string | undefined): Date {
  const at = requested ? new Date(requested) : now;
  return new Date(Math.min(at.getTime(), now.getTime() + CLOCK_SKEW_MS));
}

/**
 * `PUT /api/event/checklist` sets (never toggles) a check. Ticks made offline arrive late and in any
 * order, so each carries its device time: a write older than the stored one is ignored (ties: the later
 * arrival wins), and replays in any order end in the newest state. Every accepted write, applied or
 * ignored, is appended to the checklist log with both times and its idempotency key (docs/rules.md#checklist). A write
 * sets a status: `is_checked` alone means present or absent.
 * Answers the row's current state.
 */
export async function setCheck(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: ChecklistRequest,
  idempotencyKey: string | null = null,
) {
  const event = await attendanceEvent(db, actor, request.event_uuid, 'event_uuid', mayTakeAttendance);
  const now = deps.now();
  const at = writeTime(now, request.checked_at);

  const guestId = request.user_id as number;
  const row = request.is_invited
    ? await lockGuestCheck(db, guestId, event.uuid)
    : await lockSubscriberCheck(db, request.user_id as string, event.uuid);
  if (!row) throw new HttpError(404, 'not_found', 'user_id');

  const status = requestedStatus(request);
  let state = { status: row.status, checked_at: row.checked_at };
  const isApplied = row.checked_at === null || at >= row.checked_at;
  await appendChecklistLog(db, {
    event_uuid: event.uuid,
    is_invited: request.is_invited,
    user_id: 'uuid' in row ? (request.user_id as string) : null,
    guest_id: 'uuid' in row ? null : guestId,
    participant_name:
      'uuid' in row ? await usernameOf(db, request.user_id as string) : `${row.first_name} ${row.last_name}`,
    is_checked: isPresentStatus(status),
    status,
    walk_in_id: null,
    checked_by: actor.id,
    checked_by_name: actor.username,
    checked_at: at,
    received_at: now,
    is_ignored: !isApplied,
    idempotency_key: idempotencyKey,
  });
  if (isApplied) {
    const change = { is_checked: isPresentStatus(status), status, checked_at: at, checked_by: actor.id };
    if ('uuid' in row) await setSubscriberCheck(db, row.uuid, change);
    else await setGuestCheck(db, guestId, change);
    state = { status, checked_at: at };
  }
  return {
    event_uuid: event.uuid,
    is_invited: request.is_invited,
    user_id: request.user_id,
    is_checked: isPresentStatus(state.status),
    status: state.status,
    checked_at: state.checked_at?.toISOString() ?? null,
  };
}
