// A week of events for the week-read benches: `events` events on 2026-01-05..11, each offering two stuffs
// and holding `subscribers` members (a third of them on a stuff). The organiser signs in as orga.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { createConfirmedUser } from '../server/modules/users/create-user';
import { EMPTY_PROFILE, insertUsers } from '../server/modules/users/users.repository';

export const WEEK_PATH = '/api/event/from/2026-01-05/to/2026-01-11';
export const ORGANISER = { username: 'orga', password: 'Bench-Passw0rd' };

/**
 * `members` (at least `subscribers`) members in all, written in multi-row inserts: the first `subscribers`
 * of them subscribe to every event.
 */
export async function seedWeek(
  db: Kysely<Database>,
  events: number,
  subscribers: number,
  members = subscribers,
): Promise<void> {
  const now = new Date('2026-01-01T00:00:00Z');
  const organiser = await createConfirmedUser(db, {
    username: ORGANISER.username,
    email: 'orga@example.org',
    password: ORGANISER.password,
    role: 'Contributor',
  });
  const rows = Array.from({ length: Math.max(members, subscribers) }, (_, i) => ({
    id: randomUUID(),
    username: `member${i}`,
    email: `member${i}@example.org`,
    password_hash: null,
    role_name: 'User' as const,
    confirmed_at: now,
    locked_until: null,
    ...EMPTY_PROFILE,
  }));
  for (let i = 0; i < rows.length; i += 500) await insertUsers(db, rows.slice(i, i + 500));
  const users = rows.slice(0, subscribers);
  const model = randomUUID();
  await db.insertInto('event_models').values({ uuid: model, name: 'Kayak', description: 'Sortie' }).execute();
  const stuffs = [randomUUID(), randomUUID()];
  await db
    .insertInto('stuffs')
    .values(
      stuffs.map((uuid, i) => ({
        uuid,
        name: `Kayak ${i}`,
        description: 'x',
        stock: 40,
        is_infinite: false,
      })),
    )
    .execute();
  for (let e = 0; e < events; e++) {
    const uuid = randomUUID();
    const start = new Date(Date.UTC(2026, 0, 5 + (e % 7), 8 + (e % 10)));
    await db
      .insertInto('events')
      .values({
        uuid,
        model_uuid: model,
        creator_id: organiser.id,
        start_date: start,
        end_date: new Date(start.getTime() + 2 * 3_600_000),
        street: null,
        city: 'Brest',
        zip_code: '29200',
        location: '',
        max_subscribers: 40,
        subscriber_is_infinite: false,
        is_cancelled: false,
      })
      .execute();
    await db
      .insertInto('event_stuffs')
      .values(stuffs.map((stuff_uuid) => ({ event_uuid: uuid, stuff_uuid })))
      .execute();
    if (users.length === 0) continue;
    const subscriptions = users.map((u) => ({
      uuid: randomUUID(),
      event_uuid: uuid,
      user_id: u.id,
      created_at: now,
      checked_at: null,
      checked_by: null,
    }));
    await db.insertInto('subscriptions').values(subscriptions).execute();
    // One subscriber in three holds an item of the kit (docs/rules.md#kit), as the week read shows them.
    const booked = subscriptions
      .filter((_, i) => i % 3 === 0)
      .map((subscription, i) => ({
        event_uuid: uuid,
        subscription_uuid: subscription.uuid,
        stuff_uuid: stuffs[i % 2] as string,
        position: 0,
      }));
    if (booked.length > 0) await db.insertInto('booked_stuffs').values(booked).execute();
  }
}
