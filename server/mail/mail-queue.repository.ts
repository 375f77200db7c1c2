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

export async function markFailedAttempt(
  db: Db,
  id: string,
  change: { status: 'failed' | 'pending'; next_attempt_at: Date; last_error: string },
): Promise<void> {
  await db.updateTable('mail_queue').set(change).where('id', '=', id).execute();
}

/**
 * Marks the members using this address as bouncing (docs/rules.md#mails): the mail server refused it for good. Compared
 * as stored (addresses are kept lowercase); a guest's address marks nobody.
 */
export async function markAddressBouncing(db: Kysely<Database>, address: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_bouncing: true })
    .where('email', '=', address.toLowerCase())
    .execute();
}
