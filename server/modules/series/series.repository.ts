import type { Kysely } from 'kysely';
import type { EventSeriesTable } from '../../db/events-schema';
import type { Database, EventRow, RowOf } from '../../db/schema';

type Db = Kysely<Database>;
export type SeriesRow = RowOf<EventSeriesTable>;

export async function insertSeries(db: Db, series: SeriesRow): Promise<void> {
  await db.insertInto('event_series').values(series).execute();
}

export function findSeries(db: Db, uuid: string): Promise<SeriesRow | undefined> {
  return db.selectFrom('event_series').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** Every session of a series, past ones included, by start (then uuid, for a stable order). */
export function seriesSessions(db: Db, uuidSeries: string): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('uuid_series', '=', uuidSeries)
    .orderBy('start_date')
    .orderBy('uuid')
    .execute();
}
