import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database, EventRow } from '../../db/schema';
import { describeEvent } from '../../mail/templates';
import { notify } from '../notifications/notify';
import { isPast, isStuffAvailable, placesLeft } from './event-rules';
import { lockStuffs } from './events.repository';

/**
 * The one fill step (server-rules "Subscriptions"), run in the transaction of every change that frees
 * places, with the event row already locked: waiting members are subscribed first-in first-out while
 * places remain, with the stuff they wished for when it is still available, else on their own
 * equipment (and may then pick a stuff once). Never for a cancelled or past event. Each promoted member
 * is told, whatever their preferences. Answers how many were promoted.
 */
export async function fillFromWaitingList(
  deps: AppDeps,
  db: Kysely<Database>,
  event: EventRow,
): Promise<number> {
  if (event.is_cancelled || isPast(event, deps.now())) return 0;
  const model = await db
    .selectFrom('event_models')
    .select('name')
    .where('uuid', '=', event.model_uuid)
    .executeTakeFirst();
  let promoted = 0;
  while ((await placesLeft(db, event)) > 0) {
    const next = await db
      .selectFrom('waiting_list')
      .innerJoin('users', 'users.id', 'waiting_list.user_id')
      .selectAll('users')
      .select(['waiting_list.seq', 'waiting_list.wished_stuff_uuid'])
      .where('waiting_list.event_uuid', '=', event.uuid)
      .orderBy('waiting_list.created_at')
      .orderBy('waiting_list.seq')
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    let stuffUuid: string | null = null;
    if (next.wished_stuff_uuid) {
      await lockStuffs(db, [next.wished_stuff_uuid], deps.config.rowLocks);
      if (await isStuffAvailable(db, event, next.wished_stuff_uuid)) stuffUuid = next.wished_stuff_uuid;
    }
    await db
      .insertInto('subscriptions')
      .values({
        uuid: randomUUID(),
        event_uuid: event.uuid,
        user_id: next.id,
        stuff_uuid: stuffUuid,
        may_pick_stuff: stuffUuid === null,
        created_at: deps.now(),
        checked_at: null,
        checked_by: null,
      })
      .execute();
    await db.deleteFrom('waiting_list').where('seq', '=', next.seq).execute();
    const stuffName = stuffUuid
      ? ((await db.selectFrom('stuffs').select('name').where('uuid', '=', stuffUuid).executeTakeFirst())
          ?.name ?? null)
      : null;
    await notify(deps, db, 'waiting_list_promotion', [next], (r) => ({
      event: describeEvent(model?.name ?? '', event.start_date, r.language, deps.config.clubTimezone),
      stuff: stuffName,
    }));
    promoted++;
  }
  return promoted;
}
