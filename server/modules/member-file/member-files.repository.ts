import type { Enforcement } from '@common/contract/member-file';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  HEALTH_ITEM_COLUMNS,
  type HealthItemRow,
  LICENCE_COLUMNS,
  type LicenceRow,
} from './member-file.repository';

// The SQL that reads many members' files at once (docs/rules.md#members-file): the checklist, the subscribe
// check and the Admins' list read one batch, never a query per member.
type Db = Kysely<Database>;

/** Every season's licence of these members. */
export function licencesOfMembers(db: Db, userIds: readonly string[]): Promise<LicenceRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('licences')
    .select(LICENCE_COLUMNS)
    .where('user_id', 'in', userIds)
    .orderBy('season', 'desc')
    .execute();
}

/** The health items of these members. */
export function healthItemsOfMembers(db: Db, userIds: readonly string[]): Promise<HealthItemRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('health_items')
    .select(HEALTH_ITEM_COLUMNS)
    .where('user_id', 'in', userIds)
    .orderBy('day', 'desc')
    .execute();
}

/** Birth dates of these members (null when unknown). */
export function birthDatesOf(
  db: Db,
  userIds: readonly string[],
): Promise<{ id: string; birth_date: string | null }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'birth_date']).where('id', 'in', userIds).execute();
}

/** What an event's model asks of files, with the event's start and team; undefined for an unknown event. */
export function eventFileRuleRow(db: Db, uuidEvent: string) {
  return db
    .selectFrom('events')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .select([
      'events.start_date',
      'event_models.requires_licence',
      'event_models.requires_health',
      'event_models.requires_competition',
      'event_models.requires_savoir_nager',
      'event_models.enforcement',
    ])
    .where('events.uuid', '=', uuidEvent)
    .executeTakeFirst() as Promise<
    | {
        start_date: Date;
        requires_licence: boolean;
        requires_health: boolean;
        requires_competition: boolean;
        requires_savoir_nager: boolean;
        enforcement: Enforcement;
      }
    | undefined
  >;
}
