import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { EMPTY_PROFILE } from '../../../server/modules/users/users.repository';

function insertMember(db: Kysely<Database>, id: string, username: string, now: Date) {
  return db
    .insertInto('users')
    .values({
      id,
      username,
      email: `${username}@example.org`,
      password_hash: null,
      role_name: 'User',
      locked_until: null,
      confirmed_at: now,
      ...EMPTY_PROFILE,
    })
    .execute();
}

/**
 * One row (at least) in every club-owned table, written as the application writes: as its role, inside
 * the club in scope, never naming the club (the column's default is the transaction's club). The
 * isolation test runs it in two clubs and then looks at each table from each club and from none.
 */
/** Tables made after the clubs migration: absent from a database as it stood before it. */
export const TABLES_AFTER_CLUBS = [
  'guardianships',
  'consents',
  'event_comments',
  'comment_mail_notices',
  'organiser_digest_changes',
  'organiser_digest_runs',
  'booked_stuffs',
  'wished_stuffs',
  'kit_log',
  'licences',
  'health_items',
  'paper_reminders',
] as const;

export async function seedEveryTable(
  db: Kysely<Database>,
  now = new Date(),
  { beforeClubs = false }: { beforeClubs?: boolean } = {},
): Promise<void> {
  const later = new Date(now.getTime() + 86_400_000);
  const userId = randomUUID();
  const eventUuid = randomUUID();
  const modelUuid = randomUUID();
  const stuffUuid = randomUUID();
  const seriesUuid = randomUUID();
  const pushId = randomUUID();
  const tag = randomUUID().slice(0, 8);
  await insertMember(db, userId, `m-${tag}`, now);
  await db
    .insertInto('sessions')
    .values({ token_hash: `s${tag}`.padEnd(64, '0'), user_id: userId, created_at: now, last_used_at: now })
    .execute();
  await db
    .insertInto('app_settings')
    .values({ key: 'slogan', value: `Slogan ${tag}`, updated_at: now })
    .execute();
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: `t${tag}`.padEnd(64, '0'),
      user_id: userId,
      kind: 'reset',
      expires_at: later,
      used_at: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, type: 'event_update', active: false })
    .execute();
  await db.insertInto('system_notification_settings').values({ type: 'weekly_list', active: true }).execute();
  await db
    .insertInto('mail_queue')
    .values({
      id: randomUUID(),
      message_id: `<${tag}@test>`,
      kind: 'test',
      to_address: `m-${tag}@example.org`,
      subject: 'Hi',
      body_text: 'Hi',
      status: 'pending',
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  await db
    .insertInto('event_models')
    .values({ uuid: modelUuid, name: 'Kayak', description: 'Kayak' })
    .execute();
  await db
    .insertInto('stuffs')
    .values({ uuid: stuffUuid, name: 'Pagaie', description: 'Pagaie', stock: 3, is_infinite: false })
    .execute();
  await db
    .insertInto('event_series')
    .values({
      uuid: seriesUuid,
      creator_id: userId,
      weekdays: '1',
      interval_weeks: 1,
      until_day: null,
      session_count: 2,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('events')
    .values({
      uuid: eventUuid,
      model_uuid: modelUuid,
      creator_id: userId,
      start_date: later,
      end_date: new Date(later.getTime() + 3_600_000),
      street: null,
      city: 'Quimper',
      zip_code: '29000',
      location: '',
      max_subscribers: 5,
      subscriber_is_infinite: false,
      is_cancelled: false,
      uuid_series: seriesUuid,
    })
    .execute();
  await db.insertInto('event_stuffs').values({ event_uuid: eventUuid, stuff_uuid: stuffUuid }).execute();
  const subscriptionUuid = randomUUID();
  await db
    .insertInto('subscriptions')
    .values({
      uuid: subscriptionUuid,
      event_uuid: eventUuid,
      user_id: userId,
      checked_at: null,
      checked_by: null,
      created_at: now,
    })
    .execute();
  // Before the kit's tables, a subscription held its one stuff in a column of its own (the kit migration moves it).
  if (beforeClubs)
    await sql`update subscriptions set stuff_uuid = ${stuffUuid} where uuid = ${subscriptionUuid}`.execute(
      db,
    );
  else
    await db
      .insertInto('booked_stuffs')
      .values({
        event_uuid: eventUuid,
        subscription_uuid: subscriptionUuid,
        stuff_uuid: stuffUuid,
        position: 0,
      })
      .execute();
  await db.insertInto('event_co_organisers').values({ event_uuid: eventUuid, user_id: userId }).execute();
  const otherId = randomUUID();
  await insertMember(db, otherId, `w-${tag}`, now);
  const waiting = await db
    .insertInto('waiting_list')
    .values({ event_uuid: eventUuid, user_id: otherId, created_at: now })
    .returning('seq')
    .executeTakeFirstOrThrow();
  if (beforeClubs)
    await sql`update waiting_list set wished_stuff_uuid = ${stuffUuid} where seq = ${waiting.seq}`.execute(
      db,
    );
  else
    await db
      .insertInto('wished_stuffs')
      .values({ waiting_seq: waiting.seq, stuff_uuid: stuffUuid, position: 0 })
      .execute();
  const guest = await db
    .insertInto('guests')
    .values({
      event_uuid: eventUuid,
      host_id: userId,
      first_name: 'Anne',
      last_name: 'Invitée',
      age: null,
      email: null,
      phone: null,
      checked_at: null,
      checked_by: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      method: 'PUT',
      path: '/api/event/subscribe/status',
      key: tag,
      body_hash: 'x',
      status_code: 200,
      response_body: '{}',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('group_mail_log')
    .values({ event_uuid: eventUuid, sender_id: userId, sent_at: now })
    .execute();
  await db
    .insertInto('calendar_feed_tokens')
    .values({ user_id: userId, token_hash: `c${tag}`.padEnd(64, '0'), created_at: now })
    .execute();
  await db
    .insertInto('weekly_list_runs')
    .values({ week_start: '2026-11-23', sent_at: now, recipients: 1 })
    .execute();
  await db
    .insertInto('push_subscriptions')
    .values({
      id: pushId,
      user_id: userId,
      endpoint: `https://push.example.org/${tag}`,
      p256dh: 'k',
      auth: 'a',
      user_agent: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('push_queue')
    .values({
      id: randomUUID(),
      subscription_id: pushId,
      payload: '{}',
      urgency: 'normal',
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('checklist_log')
    .values({
      event_uuid: eventUuid,
      is_invited: true,
      user_id: null,
      guest_id: guest.id,
      participant_name: 'Anne Invitée',
      is_checked: true,
      status: 'present',
      walk_in_id: null,
      checked_by: userId,
      checked_by_name: 'Nolwenn',
      checked_at: now,
      received_at: now,
      is_ignored: false,
      idempotency_key: null,
    })
    .execute();
  await db
    .insertInto('waiting_list_promotions')
    .values({ event_uuid: eventUuid, user_id: otherId, promoted_at: now })
    .execute();
  await db
    .insertInto('subscription_notices')
    .values({
      user_id: userId,
      event_uuid: eventUuid,
      told_subscribed: false,
      is_subscribed: true,
      due_at: now,
      last_sent_at: null,
    })
    .execute();
  await db
    .insertInto('event_reminders')
    .values({ user_id: userId, event_uuid: eventUuid, sent_at: now, channel: 'mail' })
    .execute();
  await db
    .insertInto('event_declines')
    .values({ event_uuid: eventUuid, user_id: otherId, declined_at: now })
    .execute();
  await db
    .insertInto('answer_links_used')
    .values({ signature: `sig-${tag}`, used_at: now, expires_at: later })
    .execute();
  await db
    .insertInto('series_nudges')
    .values({ user_id: otherId, event_uuid: eventUuid, sent_at: now })
    .execute();
  await db
    .insertInto('news_posts')
    .values({
      uuid: randomUUID(),
      title: 'Nouvelles',
      text: 'Texte',
      author_id: userId,
      has_picture: false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('walk_ins')
    .values({
      event_uuid: eventUuid,
      person_key: `name:${tag}`,
      user_id: null,
      name: 'Passant',
      status: 'present',
      checked_at: now,
      checked_by: userId,
      created_by: userId,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('account_audit')
    .values({ action: 'account_deleted', actor_id: userId, target_id: otherId, at: now })
    .execute();
  if (!beforeClubs) {
    await db
      .insertInto('guardianships')
      .values({ child_id: otherId, guardian_id: userId, created_by: userId, created_at: now })
      .execute();
    await db
      .insertInto('consents')
      .values({
        child_id: otherId,
        season: '2026-2027',
        kind: 'transport',
        given: true,
        given_by: userId,
        given_at: now,
      })
      .execute();
    await db
      .insertInto('event_comments')
      .values({
        id: randomUUID(),
        event_uuid: eventUuid,
        author_id: userId,
        acting_for: otherId,
        text: 'Qui amène la remorque ?',
        created_at: now,
        edited_at: null,
      })
      .execute();
    await db
      .insertInto('comment_mail_notices')
      .values({
        user_id: otherId,
        event_uuid: eventUuid,
        untold_since: now,
        due_at: later,
        last_sent_at: null,
      })
      .execute();
    await db
      .insertInto('organiser_digest_changes')
      .values({
        event_uuid: eventUuid,
        user_id: otherId,
        state_before: 'none',
        state_after: 'subscribed',
        changed_at: now,
      })
      .execute();
    await db.insertInto('organiser_digest_runs').values({ club_day: '2026-11-28', ran_at: now }).execute();
    await db
      .insertInto('kit_log')
      .values({
        event_uuid: eventUuid,
        is_invited: false,
        user_id: userId,
        guest_id: null,
        participant_name: 'Nolwenn',
        stuff_uuid: stuffUuid,
        stuff_name: 'Kayak',
        handed_out: true,
        returned: false,
        checked_by: userId,
        checked_by_name: 'Nolwenn',
        checked_at: now,
        received_at: now,
        is_ignored: false,
        idempotency_key: null,
      })
      .execute();
    await db
      .insertInto('licences')
      .values({
        user_id: userId,
        season: '2025-2026',
        number: '123456',
        federation: 'FFCK',
        type: 'Canoë Plus',
        recorded_at: now,
        recorded_by: userId,
      })
      .execute();
    await db
      .insertInto('health_items')
      .values({
        user_id: userId,
        kind: 'caci',
        day: '2025-09-01',
        competition: true,
        all_no: null,
        signed_by: null,
        way: null,
        recorded_at: now,
        recorded_by: userId,
        recorded_by_admin: true,
      })
      .execute();
    await db
      .insertInto('paper_reminders')
      .values({ user_id: userId, item: 'caci', ends_on: '2026-08-31', threshold: 30, sent_at: now })
      .execute();
  }
  // data_version: each club has its row from its creation; a write above moved it.
  await sql`select 1`.execute(db);
}
