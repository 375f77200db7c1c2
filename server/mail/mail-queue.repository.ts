import type { Kysely } from 'kysely';
import type { Database, MailRow } from '../db/schema';

type Db = Kysely<Database>;

export async function insertMail(
  db: Db,
  row: {
    id: string;
    message_id: string;
    kind: string;
    to_address: string;
    subject: string;
    body_text: string;
    body_html?: string | null;
    list_unsubscribe?: string | null;
    from_name?: string | null;
    reply_to?: string | null;
    priority: number;
  },
  now: Date,
): Promise<void> {
  await db
    .insertInto('mail_queue')
    .values({ ...row, status: 'pending', next_attempt_at: now, created_at: now })
    .execute();
}

/**
 * The next due message, account mails first (priority 0), then the longest due; locked, and rows another
 * worker holds are skipped, not waited for.
 */
export function lockNextDue(trx: Db, now: Date): Promise<MailRow | undefined> {
  return trx
    .selectFrom('mail_queue')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('priority')
    .orderBy('next_attempt_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function leaseMail(trx: Db, id: string, attempts: number, until: Date): Promise<void> {
  await trx
    .updateTable('mail_queue')
    .set({ attempts, next_attempt_at: until })
    .where('id', '=', id)
    .execute();
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ status: 'sent', sent_at: now, last_error: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Forgets what held the links of the messages already sent (docs/rules.md#mails): answer, unsubscribe,
 * confirm and reset links stay live for days, and the recipient has the mail. What stays (kind, address,
 * subject, dates, Message-ID) says what was sent to whom, and when.
 */
export async function forgetSentBodies(db: Db): Promise<number> {
  const result = await db
    .updateTable('mail_queue')
    .set({ body_text: '', body_html: null, list_unsubscribe: null })
    .where('status', '=', 'sent')
    .where((row) =>
      row.or([
        row('body_text', '!=', ''),
        row('body_html', 'is not', null),
        row('list_unsubscribe', 'is not', null),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the messages sent before `sentBefore`. No rule reads the queue to learn what was sent (the weekly
 * list, reminders, nudges and notices keep their own rows), so this changes no rule (docs/rules.md#mails).
 */
export async function deleteSentBefore(db: Db, sentBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('mail_queue')
    .where('status', '=', 'sent')
    .where('sent_at', '<', sentBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function markFailedAttempt(
  db: Db,
  id: string,
  change: { status: 'failed' | 'pending'; next_attempt_at: Date; last_error: string },
): Promise<void> {
  await db.updateTable('mail_queue').set(change).where('id', '=', id).execute();
}

/**
 * Marks the members using this address as bouncing (docs/rules.md#mails): the mail server refused it for good. Compared
 * as stored (addresses are kept lowercase); a guest's address marks nobody. `email_bouncing_since` keeps the first
 * refusal's time: the Admins read since when the address fails.
 */
export async function markAddressBouncing(db: Kysely<Database>, address: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      email_bouncing: true,
      email_bouncing_since: eb.fn.coalesce('email_bouncing_since', eb.val(now)),
    }))
    .where('email', '=', address.toLowerCase())
    .execute();
}

/** When a mail of this kind was last queued for this address (none: undefined), for the limits on sends. */
export async function lastQueuedAt(db: Db, kind: string, address: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('mail_queue')
    .select('created_at')
    .where('kind', '=', kind)
    .where('to_address', '=', address)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}
