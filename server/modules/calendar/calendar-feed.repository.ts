import type { Language } from '@common/contract/user';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Creates the member's feed token, or replaces it (one per member): the old token stops matching at once. */
export async function saveFeedToken(db: Db, userId: string, tokenHash: string, now: Date): Promise<void> {
  await db
    .insertInto('calendar_feed_tokens')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now })
    .onConflict((oc) =>
      oc.columns(['club_id', 'user_id']).doUpdateSet({ token_hash: tokenHash, created_at: now }),
    )
    .execute();
}

export async function feedCreatedAt(db: Db, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('calendar_feed_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export async function deleteFeedToken(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feed_tokens').where('user_id', '=', userId).execute();
}

/** The feed's owner, found by the token's hash; a revoked account has no feed. */
export async function findFeedOwner(
  db: Db,
  tokenHash: string,
): Promise<{ id: string; language: Language } | undefined> {
  return db
    .selectFrom('calendar_feed_tokens')
    .innerJoin('users', 'users.id', 'calendar_feed_tokens.user_id')
    .select(['users.id', 'users.language'])
    .where('calendar_feed_tokens.token_hash', '=', tokenHash)
    .where('users.is_revoked', '=', false)
    .executeTakeFirst();
}

export interface FeedEventRow {
  uuid: string;
  model_name: string;
  start_date: Date;
  end_date: Date;
  street: string | null;
  zip_code: string | null;
  city: string | null;
  location: string;
  is_cancelled: boolean;
  sequence: number;
  is_waiting: boolean;
}

/** Events starting at or after `from` that the member is subscribed to or waiting for, cancelled ones too. */
export function listFeedEvents(db: Db, userId: string, from: Date): Promise<FeedEventRow[]> {
  return db
    .selectFrom('events')
    .innerJoin('event_models', 'event_models.uuid', 'events.model_uuid')
    .leftJoin('subscriptions', (join) =>
      join.onRef('subscriptions.event_uuid', '=', 'events.uuid').on('subscriptions.user_id', '=', userId),
    )
    .leftJoin('waiting_list', (join) =>
      join.onRef('waiting_list.event_uuid', '=', 'events.uuid').on('waiting_list.user_id', '=', userId),
    )
    .select((eb) => [
      'events.uuid',
      // The event's own title, when it has one, is what calendars show.
      sql<string>`coalesce(${eb.ref('events.title')}, ${eb.ref('event_models.name')})`.as('model_name'),
      'events.start_date',
      'events.end_date',
      'events.street',
      'events.zip_code',
      'events.city',
      'events.location',
      'events.is_cancelled',
      'events.sequence',
      // Not subscribed, so on the waiting list (the where below keeps only those two).
      sql<boolean>`${eb.ref('subscriptions.uuid')} is null`.as('is_waiting'),
    ])
    .where('events.start_date', '>=', from)
    .where((eb) => eb.or([eb('subscriptions.uuid', 'is not', null), eb('waiting_list.seq', 'is not', null)]))
    .orderBy('events.start_date')
    .orderBy('events.uuid')
    .execute();
}
