import type { ColumnType, Generated } from 'kysely';

// The tables of what the server sends (mail, push, reminders, weekly lists) and the answers that come back
// from it (declines, answer links), apart from the club's data in schema.ts.
export interface MailQueueTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: string;
  message_id: string;
  kind: string;
  to_address: string;
  subject: string;
  /** Emptied by the housekeeping once sent, with the HTML part and List-Unsubscribe (docs/rules.md#mails). */
  body_text: string;
  /** The HTML part, for messages that have one (the weekly list); null: plain text only, or sent. */
  body_html: ColumnType<string | null, string | null | undefined, null>;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  /** 0: account mails (invitation, reset, lock), sent before any 1: notifications. */
  priority: Generated<number>;
  /** The List-Unsubscribe URL of a mail the member can switch off; null for those always sent, or sent. */
  list_unsubscribe: ColumnType<string | null, string | null | undefined, null>;
  /** A group mail's From display name and Reply-To, the organiser's; null: the club's sender. */
  from_name: ColumnType<string | null, string | null | undefined, never>;
  reply_to: ColumnType<string | null, string | null | undefined, never>;
}

/** A member reminded of an event (modules/reminders): at most one row, so one reminder, per pair. */
export interface EventRemindersTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  user_id: string;
  event_uuid: string;
  sent_at: Date;
  channel: 'push' | 'mail';
}

/** Keys the server signs its links with (notifications/unsubscribe-links.ts), made by the migration. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Date;
}

/** A member's subscription change to tell (participation/subscription-notices.ts). */
export interface SubscriptionNoticesTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  user_id: string;
  event_uuid: string;
  /** The state the last notice told; before any, the state before the first change. */
  told_subscribed: boolean;
  is_subscribed: boolean;
  /** When the notice is due; null: nothing to tell. */
  due_at: Date | null;
  last_sent_at: Date | null;
}

/** One device's push subscription (the browser's PushSubscription): where to send, and the keys to encrypt for. */
export interface PushSubscriptionsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Date;
}

/** A push waiting to go to one subscription; deleted once sent or given up (push/push-queue.ts). */
export interface PushQueueTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: string;
  subscription_id: string;
  /** The JSON the service worker receives: { title, body, url, tag }. */
  payload: string;
  urgency: 'normal' | 'high';
  attempts: Generated<number>;
  next_attempt_at: Date;
  created_at: Date;
}

/** One row per group email sent, kept an hour: the rolling count per event (events/group-mail.service.ts). */
export interface GroupMailLogTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<string>;
  event_uuid: string;
  sender_id: string | null;
  sent_at: Date;
}

/** One row per club week whose weekly list was queued (jobs/weekly-list.ts): at most once a week. */
export interface WeeklyListRunsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  /** The week's Monday, `yyyy-mm-dd` (written as text; read it back with a cast, drivers differ on dates). */
  week_start: ColumnType<string, string, never>;
  sent_at: Date;
  recipients: number;
}

/** A member's "not coming" for an event (participation/declines.service.ts): no place, no reminder. */
export interface EventDeclinesTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  event_uuid: string;
  user_id: string;
  declined_at: Date;
}

/** An answer link that acted (modules/answers): its signature, so it acts once. */
export interface AnswerLinksUsedTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  signature: string;
  used_at: Date;
  expires_at: Date;
}

/** A member nudged about a series session they have not answered (modules/reminders/nudges.service.ts). */
export interface SeriesNudgesTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  user_id: string;
  event_uuid: string;
  sent_at: Date;
}
