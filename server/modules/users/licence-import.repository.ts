import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ImportMember, KnownLicence } from './licence-import-plan';

// The SQL of a licence export's import (docs/rules.md#members-in-and-out): who may be matched, and the
// licences already recorded (their numbers match a row to its member in any season).
type Db = Kysely<Database>;

/** The club's members, an erased account aside. */
export function membersToMatch(db: Db): Promise<ImportMember[]> {
  return db
    .selectFrom('users')
    .select(['id', 'role_name', 'username', 'email', 'first_name', 'last_name', 'birth_date'])
    .where('deleted_at', 'is', null)
    .execute();
}

/** Every licence the club recorded, every season. */
export function recordedLicences(db: Db): Promise<KnownLicence[]> {
  return db
    .selectFrom('licences')
    .select(['user_id', 'season', 'number', 'federation', 'type', 'start_day', 'end_day'])
    .execute();
}
