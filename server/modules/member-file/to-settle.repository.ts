import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  HEALTH_ITEM_COLUMNS,
  type HealthItemRow,
  LICENCE_COLUMNS,
  type LicenceRow,
} from './member-file.repository';

// The batch reads of « À régulariser » (docs/rules.md#members-file): every active member's file in three
// queries, whatever the club's size, instead of two per member.
type Db = Kysely<Database>;

/** The club's active members: not revoked, not deleted; children without a login included. */
export function activeMembers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'birth_date'])
    .where('is_revoked', '=', false)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Every licence of the club, each member's newest season first. */
export function everyLicence(db: Db): Promise<LicenceRow[]> {
  return db
    .selectFrom('licences')
    .select(LICENCE_COLUMNS)
    .orderBy('user_id')
    .orderBy('season', 'desc')
    .execute();
}

/** Every health item of the club, by member then date. */
export function everyHealthItem(db: Db): Promise<HealthItemRow[]> {
  return db
    .selectFrom('health_items')
    .select(HEALTH_ITEM_COLUMNS)
    .orderBy('user_id')
    .orderBy('day', 'desc')
    .orderBy('kind')
    .execute();
}
