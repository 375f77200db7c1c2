import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** The accounts subscribed to an event. */
export function subscribersOf(db: Db, eventUuid: string): Promise<UserRow[]> {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .selectAll('users')
    .where('subscriptions.event_uuid', '=', eventUuid)
    .execute();
}

/** A member told that a stuff is gone: they held it, or guests they brought did (named here), or both. */
export interface StuffHolder {
  member: UserRow;
  holdsItself: boolean;
  guests: string[];
}

/**
 * Who holds a stuff at an event (docs/rules.md#events): its subscribers, and the members whose guests hold it, once
 * each.
 */
export async function stuffHoldersOf(db: Db, eventUuid: string, stuffUuid: string): Promise<StuffHolder[]> {
  const subscribers = await db
    .selectFrom('subscriptions')
    .innerJoin('booked_stuffs', 'booked_stuffs.subscription_uuid', 'subscriptions.uuid')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .selectAll('users')
    .where('subscriptions.event_uuid', '=', eventUuid)
    .where('booked_stuffs.stuff_uuid', '=', stuffUuid)
    .execute();
  const hostsOfGuests = await db
    .selectFrom('guests')
    .innerJoin('booked_stuffs', 'booked_stuffs.guest_id', 'guests.id')
    .innerJoin('users', 'users.id', 'guests.host_id')
    .selectAll('users')
    .select(['guests.first_name as guest_first_name', 'guests.last_name as guest_last_name'])
    .where('guests.event_uuid', '=', eventUuid)
    .where('booked_stuffs.stuff_uuid', '=', stuffUuid)
    .orderBy('guests.id')
    .execute();
  const holders = new Map<string, StuffHolder>();
  for (const member of subscribers) holders.set(member.id, { member, holdsItself: true, guests: [] });
  for (const { guest_first_name, guest_last_name, ...member } of hostsOfGuests) {
    const holder = holders.get(member.id) ?? { member, holdsItself: false, guests: [] };
    holder.guests.push(`${guest_first_name} ${guest_last_name}`);
    holders.set(member.id, holder);
  }
  return [...holders.values()];
}

/** The accounts on an event's waiting list. */
export function waitingUsersOf(db: Db, eventUuid: string): Promise<UserRow[]> {
  return db
    .selectFrom('waiting_list')
    .innerJoin('users', 'users.id', 'waiting_list.user_id')
    .selectAll('users')
    .where('waiting_list.event_uuid', '=', eventUuid)
    .execute();
}

/** The addresses of an event's guests who gave one. */
export async function guestEmailsOf(db: Db, eventUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('guests')
    .select('email')
    .where('event_uuid', '=', eventUuid)
    .where('email', 'is not', null)
    .execute();
  return rows.map((g) => g.email as string);
}

/**
 * The guests of an event who gave no address, by host, named as the host typed them and in the order they were
 * added: a cancellation names them to their host, who tells them (docs/rules.md#mails).
 */
export async function guestsWithoutAddressByHost(db: Db, eventUuid: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('guests')
    .select(['host_id', 'first_name', 'last_name'])
    .where('event_uuid', '=', eventUuid)
    .where((eb) => eb.or([eb('email', 'is', null), eb('email', '=', '')]))
    .orderBy('id')
    .execute();
  const byHost = new Map<string, string[]>();
  for (const row of rows) {
    const names = byHost.get(row.host_id) ?? [];
    names.push(`${row.first_name} ${row.last_name}`.trim());
    byHost.set(row.host_id, names);
  }
  return byHost;
}
