import type { Kysely, Selectable } from 'kysely';
import type { HealthItemsTable, LicencesTable } from '../../db/member-file-schema';
import type { Database } from '../../db/schema';

// The SQL of the member's file (docs/rules.md#members-file): licences per season and health items.
type Db = Kysely<Database>;

/** The licence's own days are optional here: batch reads that skip them still make rows (then null). */
export type LicenceRow = Omit<Selectable<LicencesTable>, 'club_id' | 'start_day' | 'end_day'> &
  Partial<Pick<Selectable<LicencesTable>, 'start_day' | 'end_day'>>;
export type HealthItemRow = Omit<Selectable<HealthItemsTable>, 'club_id' | 'id'>;

/** A licence row's columns, for every read of licences (one member's, a batch's, the club's). */
export const LICENCE_COLUMNS = [
  'user_id',
  'season',
  'number',
  'federation',
  'type',
  'start_day',
  'end_day',
  'recorded_at',
  'recorded_by',
] as const;

/** A health item row's columns, for every read of health items. */
export const HEALTH_ITEM_COLUMNS = [
  'user_id',
  'kind',
  'day',
  'competition',
  'all_no',
  'signed_by',
  'way',
  'recorded_at',
  'recorded_by',
  'recorded_by_admin',
] as const;

/** Every season's licence of the member, the newest season first. */
export function licencesOf(db: Db, userId: string): Promise<LicenceRow[]> {
  return db
    .selectFrom('licences')
    .select(LICENCE_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('season', 'desc')
    .execute();
}

/** Records the season's licence, replacing what that season held. */
export async function saveLicence(db: Db, licence: LicenceRow): Promise<void> {
  const { user_id, season, ...changes } = licence;
  await db
    .insertInto('licences')
    .values(licence)
    .onConflict((oc) => oc.columns(['club_id', 'user_id', 'season']).doUpdateSet(changes))
    .execute();
}

/** The member's health items, by date then kind. */
export function healthItemsOf(db: Db, userId: string): Promise<HealthItemRow[]> {
  return db
    .selectFrom('health_items')
    .select(HEALTH_ITEM_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .orderBy('kind')
    .orderBy('id')
    .execute();
}

/** Replaces the member's whole list of health items. */
export async function replaceHealthItems(db: Db, userId: string, items: HealthItemRow[]): Promise<void> {
  await db.deleteFrom('health_items').where('user_id', '=', userId).execute();
  if (items.length > 0) await db.insertInto('health_items').values(items).execute();
}
