import type { ModelStart } from '@common/contract/event';
import { clubTimeOf } from '@common/rules/club-time';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { findModel } from '../catalog/models.repository';
import { eventStuffUuids, findLatestEventOfModel } from './events.repository';

type Db = Kysely<Database>;

const MINUTE = 60_000;

/**
 * A new event of a model starts from the model's last event, so the place, places and equipment
 * of a weekly outing are not typed again.
 */
export async function modelStart(db: Db, modelUuid: string, timeZone: string): Promise<ModelStart> {
  if (!(await findModel(db, modelUuid))) throw new HttpError(404, 'not_found');
  const last = await findLatestEventOfModel(db, modelUuid);
  if (!last) return { last: null };
  return {
    last: {
      street: last.street,
      city: last.city,
      zip_code: last.zip_code,
      location: last.location,
      meeting_point: last.meeting_point,
      max_subscribers: last.max_subscribers,
      subscriber_is_infinite: last.subscriber_is_infinite,
      stuffs_available: (await eventStuffUuids(db, last.uuid)).map((uuid) => ({ uuid })),
      start_time: clubTimeOf(last.start_date, timeZone),
      duration_minutes: Math.round((last.end_date.getTime() - last.start_date.getTime()) / MINUTE),
    },
  };
}
