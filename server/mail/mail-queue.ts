import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  deleteSentBefore,
  forgetSentBodies,
  insertMail,
  leaseMail,
  lockNextDue,
  markAddressBouncing,
  markFailedAttempt,
  markSent,
} from './mail-queue.repository';
import type { AccountMailKind, AdminMailKind } from './template-types';
import type { MailTransport } from './transport';

/**
 * The mail queue. A request only inserts a row (in its own transaction), so a slow or broken mail server
 * never fails or slows it. The worker claims due rows one at a time with a lease (next_attempt_at moved
 * ahead under FOR UPDATE SKIP LOCKED), so several workers or processes never send the same row at once;
 * a worker that dies mid-send leaves the row to be retried when the lease ends. Delivery is at least once,
 * each attempt with the same Message-ID so receivers can spot duplicates.
 */

/** Delays after each failed attempt: 6 tries over about an hour, then the message is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 10 * 60_000, 15 * 60_000, 30 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const LEASE_MS = 5 * 60_000;

export interface QueuedMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`, for the messages that have one. */
  html?: string;
  /** Where one POST switches this mail's type off (List-Unsubscribe); only on mails a member can switch off. */
  listUnsubscribe?: string;
  /** Who writes (a group mail): their name shown as the sender, answers going to them. */
  sender?: MailSender;
  /** One of many queued at once (an import's invitations): behind the account mails, whatever its kind. */
  isBulk?: boolean;
}

export interface MailSender {
  name: string;
  replyTo: string;
}

/**
 * Account mails go first (docs/rules.md#mails): a member waiting for a reset link or an invitation is at the screen
 * now, while notifications can wait behind them.
 */
const ACCOUNT_MAIL_KINDS: ReadonlySet<string> = new Set<AccountMailKind | AdminMailKind>([
  // An Admin waits at the email settings for their test mail.
  'email_test',
  'user_invitation',
  'password_reset',
  'account_lock',
  'email_change_confirm',
  'email_change_notice',
]);
const ACCOUNT_PRIORITY = 0;
const NOTIFICATION_PRIORITY = 1;
export const mailPriority = (kind: string): number =>
  ACCOUNT_MAIL_KINDS.has(kind) ? ACCOUNT_PRIORITY : NOTIFICATION_PRIORITY;

export async function enqueueMail(
  db: Kysely<Database>,
  now: Date,
  clubKey: string,
  mail: QueuedMail,
): Promise<void> {
  const id = randomUUID();
  await insertMail(
    db,
    {
      id,
      message_id: `<${id}@${clubKey}.equipee>`,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html ?? null,
      list_unsubscribe: mail.listUnsubscribe ?? null,
      from_name: mail.sender?.name ?? null,
      reply_to: mail.sender?.replyTo ?? null,
      priority: mail.isBulk ? NOTIFICATION_PRIORITY : mailPriority(mail.kind),
    },
    now,
  );
}

/** How long a sent message's row (its body already emptied) is kept, to tell what went to whom. */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 3_600_000;

/**
 * Housekeeping (docs/rules.md#mails): the messages sent since the last run lose their bodies, and the rows
 * of those sent more than 30 days ago go. Bodies are forgotten here rather than as each message is marked
 * sent, so that a round's sending never races whoever reads the queue right after (the tests do); a sent
 * message's links stay in the queue an hour at most.
 */
export async function purgeSentMail(db: Kysely<Database>, now: Date): Promise<void> {
  await forgetSentBodies(db);
  await deleteSentBefore(db, new Date(now.getTime() - SENT_MAIL_KEPT_MS));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message.slice(0, 500) : String(error));

/** nodemailer's error for an SMTP answer carries its code: 5xx is a permanent refusal (RFC 5321 §4.2.1). */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

interface SendDeps {
  db: Kysely<Database>;
  now: () => Date;
  transport: MailTransport;
}

async function claimNext(deps: SendDeps) {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockNextDue(trx, now);
    if (!row) return undefined;
    const attempts = row.attempts + 1;
    await leaseMail(trx, row.id, attempts, new Date(now.getTime() + LEASE_MS));
    return { ...row, attempts };
  });
}

/** Sends every due message once; answers how many went out and how many failed this round. */
export async function sendDueMail(deps: SendDeps, limit = 50): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const row = await claimNext(deps);
    if (!row) break;
    try {
      await deps.transport.send({
        messageId: row.message_id,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        ...(row.body_html ? { html: row.body_html } : {}),
        ...(row.list_unsubscribe ? { listUnsubscribe: row.list_unsubscribe } : {}),
        ...(row.from_name ? { fromName: row.from_name } : {}),
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
      await markSent(deps.db, row.id, deps.now());
      result.sent++;
    } catch (error) {
      // A 5xx refusal (of the recipient or of the message) will not change on retry: the address is
      // marked (docs/rules.md#mails) and the message given up. A 4xx or a network failure is retried.
      if (isPermanentRefusal(error)) {
        await markAddressBouncing(deps.db, row.to_address, deps.now());
        await markFailedAttempt(deps.db, row.id, {
          status: 'failed',
          next_attempt_at: deps.now(),
          last_error: errorText(error),
        });
        result.failed++;
        continue;
      }
      const isFinal = row.attempts >= MAX_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[row.attempts - 1] ?? 0;
      await markFailedAttempt(deps.db, row.id, {
        status: isFinal ? 'failed' : 'pending',
        next_attempt_at: new Date(deps.now().getTime() + delay),
        last_error: errorText(error),
      });
      result.failed++;
    }
  }
  return result;
}
