import type { RoleName } from '@common/contract/user';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Each event's co-organisers, for several events at once, in the order they were named. */
export async function coOrganisersByEvent(db: Db, eventUuids: string[]): Promise<Map<string, string[]>> {
  const byEvent = new Map<string, string[]>();
  if (eventUuids.length === 0) return byEvent;
  const rows = await db
    .selectFrom('event_co_organisers')
    .select(['event_uuid', 'user_id'])
    .where('event_uuid', 'in', eventUuids)
    .orderBy('event_uuid')
    .orderBy('user_id')
    .execute();
  for (const row of rows) {
    const list = byEvent.get(row.event_uuid);
    if (list) list.push(row.user_id);
    else byEvent.set(row.event_uuid, [row.user_id]);
  }
  return byEvent;
}

export async function coOrganiserIds(db: Db, eventUuid: string): Promise<string[]> {
  return (await coOrganisersByEvent(db, [eventUuid])).get(eventUuid) ?? [];
}

export async function setCoOrganisers(db: Db, eventUuid: string, userIds: string[]): Promise<void> {
  await db.deleteFrom('event_co_organisers').where('event_uuid', '=', eventUuid).execute();
  if (userIds.length > 0)
    await db
      .insertInto('event_co_organisers')
      .values(userIds.map((user_id) => ({ event_uuid: eventUuid, user_id })))
      .execute();
}

/** The roles of these accounts, when they exist and are not revoked. */
export async function activeRoles(db: Db, userIds: string[]): Promise<Map<string, RoleName>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'role_name'])
    .where('id', 'in', userIds)
    .where('is_revoked', '=', false)
    .execute();
  return new Map(rows.map((r) => [r.id, r.role_name]));
}

/** Who may be named co-organiser: active Contributors and above, by name (for the event form). */
export function organiserCandidates(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('role_name', 'in', ['Contributor', 'Admin', 'SuperAdmin'])
    .where('is_revoked', '=', false)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('username')
    .execute();
}
