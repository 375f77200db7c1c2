import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Upcoming events (not yet ended) that use a model or offer a stuff: these refuse its deletion. */
export async function isUsedByUpcomingEvent(
  db: Kysely<Database>,
  kind: 'model' | 'stuff',
  uuid: string,
  now: Date,
): Promise<boolean> {
  const row =
    kind === 'model'
      ? await db
          .selectFrom('events')
          .select('uuid')
          .where('model_uuid', '=', uuid)
          .where('end_date', '>', now)
          .executeTakeFirst()
      : await db
          .selectFrom('event_stuffs')
          .innerJoin('events', 'events.uuid', 'event_stuffs.event_uuid')
          .select('events.uuid')
          .where('event_stuffs.stuff_uuid', '=', uuid)
          .where('events.end_date', '>', now)
          .executeTakeFirst();
  return row !== undefined;
}
