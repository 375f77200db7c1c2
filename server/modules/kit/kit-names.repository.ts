import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The names of the items each of these members booked at the event, each kit in its order (docs/rules.md#kit):
 * what their mails list. A member without a kit is absent from the answer.
 */
export async function bookedKitNames(
  db: Kysely<Database>,
  eventUuid: string,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const kits = new Map<string, string[]>();
  if (userIds.length === 0) return kits;
  const rows = await db
    .selectFrom('booked_stuffs')
    .innerJoin('subscriptions', 'subscriptions.uuid', 'booked_stuffs.subscription_uuid')
    .innerJoin('stuffs', 'stuffs.uuid', 'booked_stuffs.stuff_uuid')
    .select(['subscriptions.user_id', 'stuffs.name'])
    .where('booked_stuffs.event_uuid', '=', eventUuid)
    .where('subscriptions.user_id', 'in', [...userIds])
    .orderBy('booked_stuffs.position')
    .orderBy('booked_stuffs.id')
    .execute();
  for (const row of rows) kits.set(row.user_id, [...(kits.get(row.user_id) ?? []), row.name]);
  return kits;
}
