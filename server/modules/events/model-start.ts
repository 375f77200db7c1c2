import type { ModelStart } from '@common/contract/event';
import { clubTimeOf } from '@common/rules/club-time';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { findModel } from '../catalog/models.repository';
import { eventStuffUuids } from './events.repository';

type Db = Kysely<Database>;

const MINUTE = 60_000;

/**
 * Issue 28: a new event of a model starts from the model's last event, so the place, places and equipment
 * of a weekly outing are not typed again. A cancelled one is a worse guess than one that took place.
 */
export async function modelStart(db: Db, modelUuid: string, timeZone: string): Promise<ModelStart> {
  if (!(await findModel(db, modelUuid))) throw new HttpError(404, 'not_found');
  const last = await db
    .selectFrom('events')
    .selectAll()
    .where('model_uuid', '=', modelUuid)
    .orderBy('is_cancelled')
    .orderBy('start_date', 'desc')
    .orderBy('uuid')
    .limit(1)
    .executeTakeFirst();
  if (!last) return { last: null };
  return {
    last: {
      street: last.street,
      city: last.city,
      zip_code: last.zip_code,
      location: last.location,
      max_subscribers: last.max_subscribers,
      subscriber_is_infinite: last.subscriber_is_infinite,
      stuffs_available: (await eventStuffUuids(db, last.uuid)).map((uuid) => ({ uuid })),
      start_time: clubTimeOf(last.start_date, timeZone),
      duration_minutes: Math.round((last.end_date.getTime() - last.start_date.getTime()) / MINUTE),
    },
  };
}
