import type { Kysely } from 'kysely';
import type { ChecklistRequest } from '../../../src/common/contract/participation';
import type { AppDeps } from '../../app-deps';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { assertCanManage } from './event-rules';
import { findEvent } from './events.repository';

/** A device clock running ahead may not push a tick into the future beyond this. */
export const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * `PUT /api/event/checklist` sets (never toggles) a check. Ticks made offline arrive late and in any
 * order, so each carries its device time: a write older than the stored one is ignored (ties: the later
 * arrival wins), and replays in any order end in the newest state. Answers the row's current state.
 */
export async function setCheck(
  deps: AppDeps,
  db: Kysely<Database>,
  actor: UserRow,
  request: ChecklistRequest,
) {
  const event = await findEvent(db, request.event_uuid);
  if (!event) throw new HttpError(404, 'not_found', 'event_uuid');
  assertCanManage(actor, event);
  const now = deps.now();
  const requested = request.checked_at ? new Date(request.checked_at) : now;
  const at = new Date(Math.min(requested.getTime(), now.getTime() + CLOCK_SKEW_MS));

  const row = request.is_invited
    ? await db
        .selectFrom('guests')
        .select(['id', 'is_checked', 'checked_at'])
        .where('id', '=', request.user_id as number)
        .where('event_uuid', '=', event.uuid)
        .forUpdate()
        .executeTakeFirst()
    : await db
        .selectFrom('subscriptions')
        .select(['uuid', 'is_checked', 'checked_at'])
        .where('user_id', '=', request.user_id as string)
        .where('event_uuid', '=', event.uuid)
        .forUpdate()
        .executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'user_id');

  let state = { is_checked: row.is_checked, checked_at: row.checked_at };
  if (row.checked_at === null || at >= row.checked_at) {
    state = { is_checked: request.is_checked, checked_at: at };
    const changes = { ...state, checked_by: actor.id };
    if (request.is_invited)
      await db
        .updateTable('guests')
        .set(changes)
        .where('id', '=', request.user_id as number)
        .execute();
    else
      await db
        .updateTable('subscriptions')
        .set(changes)
        .where('uuid', '=', (row as { uuid: string }).uuid)
        .execute();
  }
  return {
    event_uuid: event.uuid,
    is_invited: request.is_invited,
    user_id: request.user_id,
    is_checked: state.is_checked,
    checked_at: state.checked_at?.toISOString() ?? null,
  };
}
