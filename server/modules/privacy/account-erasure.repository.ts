import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The account row stays, so the attendance records that point at it keep the club's counts, but nothing on
 * it says who it was any more. Username and email must stay unique and non-null: they get values no
 * sign-in, invitation or import can ever produce (`~` is not a username character, `.invalid` is a
 * reserved domain), so the member's own become free at once.
 */
export async function eraseAccountRow(db: Db, userId: string, now: Date): Promise<void> {
  const tag = randomBytes(12).toString('hex');
  await db
    .updateTable('users')
    .set({
      username: `~${tag}`,
      email: `deleted-${tag}@deleted.invalid`,
      password_hash: null,
      is_revoked: true,
      is_locked: false,
      locked_until: null,
      connection_attempt: 0,
      first_name: null,
      last_name: null,
      street: null,
      city: null,
      zip_code: null,
      phone: null,
      shoe_size: null,
      has_shoes: false,
      hidden_from_members: false,
      email_bouncing: false,
      email_bouncing_since: null,
      pending_email: null,
      deleted_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * What else names the member or holds their choices, apart from the places (released before, with
 * promotion) and the attendance rows (kept): names copied into the checklist and kit logs and walk-ins, the contact
 * data of the guests they invited, their "not coming" answers, queued and sent mails to their address,
 * and their settings.
 */
export async function eraseTracesOf(db: Db, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  const id = user.id;
  await db.updateTable('checklist_log').set({ participant_name: '' }).where('user_id', '=', id).execute();
  await db.updateTable('checklist_log').set({ checked_by_name: '' }).where('checked_by', '=', id).execute();
  // The kit's hand-out log copies names as the checklist log does (docs/rules.md#kit).
  await db.updateTable('kit_log').set({ participant_name: '' }).where('user_id', '=', id).execute();
  await db.updateTable('kit_log').set({ checked_by_name: '' }).where('checked_by', '=', id).execute();
  await db.updateTable('walk_ins').set({ name: '' }).where('user_id', '=', id).execute();
  await db
    .updateTable('guests')
    .set({ email: null, phone: null, age: null })
    .where('host_id', '=', id)
    .execute();
  await db.deleteFrom('waiting_list').where('user_id', '=', id).execute();
  await db.deleteFrom('event_co_organisers').where('user_id', '=', id).execute();
  await db.deleteFrom('event_declines').where('user_id', '=', id).execute();
  await db.deleteFrom('event_reminders').where('user_id', '=', id).execute();
  await db.deleteFrom('series_nudges').where('user_id', '=', id).execute();
  await db.deleteFrom('notification_preferences').where('user_id', '=', id).execute();
  await db.deleteFrom('idempotency_keys').where('user_id', '=', id).execute();
  // The member's file is health data (docs/rules.md#members-file): it goes with the account.
  await db.deleteFrom('licences').where('user_id', '=', id).execute();
  await db.deleteFrom('health_items').where('user_id', '=', id).execute();
  // Which paper ended when is health data too: the reminders sent about it go with it.
  await db.deleteFrom('paper_reminders').where('user_id', '=', id).execute();
  if (user.email !== null) {
    await db
      .deleteFrom('mail_queue')
      .where(sql<boolean>`lower(to_address) = ${user.email.toLowerCase()}`)
      .execute();
  }
}

/** Who deleted whom and when: ids only, never the data the deletion erased. */
export async function recordDeletion(db: Db, actorId: string, targetId: string, now: Date): Promise<void> {
  await db
    .insertInto('account_audit')
    .values({ action: 'account_deleted', actor_id: actorId, target_id: targetId, at: now })
    .execute();
}

/** The SuperAdmins still in place, locked so two deleting each other at once cannot both pass. */
export async function lockSuperAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role_name', '=', 'SuperAdmin')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}
