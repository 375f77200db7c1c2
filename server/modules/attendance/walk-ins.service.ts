import { isPresentStatus } from '@common/contract/attendance-status';
import type { WalkInRequest } from '@common/contract/walk-in';
import { walkInPersonKey } from '@common/contract/walk-in-key';
import { mayAddWalkIn } from '@common/rules/attendance';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { toWalkInEntry } from '../events/walk-in-entry';
import { attendanceEvent } from './attendance-event';
import { writeTime } from './checklist.service';
import { appendChecklistLog } from './checklist-log.repository';
import { findActiveMemberNames, isRegistered } from './members.repository';
import { insertWalkIn, lockWalkIn, setWalkInStatus } from './walk-ins.repository';

type Db = Kysely<Database>;

/**
 * `PUT /api/event/walk-in` (docs/rules.md#checklist): sets the status of someone who came
 * without registering, creating their walk-in on the first write. The walk-in is keyed by the person (a
 * member's id, or the free name as typed, case and spaces aside), so two phones adding the same person
 * offline make one row; then, as for ticks, the newest write by device time sets the status, whatever
 * order replays arrive in. Every write is appended to the checklist log, applied or not.
 */
export async function setWalkIn(
  deps: AppDeps,
  db: Db,
  actor: UserRow,
  request: WalkInRequest,
  idempotencyKey: string | null = null,
) {
  const event = await attendanceEvent(db, actor, request.event_uuid, 'event_uuid', mayAddWalkIn);
  const name = request.user_id
    ? await memberName(db, event.uuid, request.user_id)
    : (request.name as string).replace(/\s+/g, ' ');
  const now = deps.now();
  const at = writeTime(now, request.checked_at);
  const status = request.status ?? 'present';
  const personKey = walkInPersonKey(request);

  const created = await insertWalkIn(db, {
    event_uuid: event.uuid,
    person_key: personKey,
    user_id: request.user_id ?? null,
    name,
    status,
    checked_at: at,
    checked_by: actor.id,
    created_by: actor.id,
    created_at: now,
  });
  let row = created ?? (await lockWalkIn(db, event.uuid, personKey));
  const isApplied = created !== undefined || at >= row.checked_at;
  await appendChecklistLog(db, {
    event_uuid: event.uuid,
    is_invited: false,
    user_id: row.user_id,
    guest_id: null,
    walk_in_id: row.id,
    participant_name: row.name,
    is_checked: isPresentStatus(status),
    status,
    checked_by: actor.id,
    checked_by_name: actor.username,
    checked_at: at,
    received_at: now,
    is_ignored: !isApplied,
    idempotency_key: idempotencyKey,
  });
  if (isApplied && !created) {
    const change = { status, checked_at: at, checked_by: actor.id };
    await setWalkInStatus(db, row.id, change);
    row = { ...row, ...change };
  }
  return { event_uuid: event.uuid, ...toWalkInEntry(row) };
}

/**
 * A member walking in: first and last name, else the username, as the checklist names members. One who
 * registered has their own row to tick (409), and an unknown or revoked account is no member (404).
 */
async function memberName(db: Db, eventUuid: string, userId: string): Promise<string> {
  const member = await findActiveMemberNames(db, userId);
  if (!member) throw new HttpError(404, 'not_found', 'user_id');
  if (await isRegistered(db, eventUuid, userId)) throw new HttpError(409, 'walk_in_registered', 'user_id');
  return [member.first_name, member.last_name].filter(Boolean).join(' ').trim() || member.username;
}
