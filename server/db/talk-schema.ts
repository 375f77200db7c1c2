import type { Generated } from 'kysely';

// The tables of talking around an event (docs/rules.md#talking-around-an-event): the threads, their mails,
// and the organisers' morning digest of subscription changes.

/** A comment under an event: plain text, never HTML. */
export interface EventCommentsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: string;
  event_uuid: string;
  /** The account that wrote it (a guardian writing for a child included); null only if that row is gone. */
  author_id: string | null;
  /** The minor a guardian wrote for (« Gwen, pour Lou »); null: the author for themself. */
  acting_for: string | null;
  text: string;
  created_at: Date;
  edited_at: Date | null;
}

/** A member's comments on one event not yet told by mail, and when that mail is due (one an hour at most). */
export interface CommentMailNoticesTable {
  club_id: Generated<number>;
  user_id: string;
  event_uuid: string;
  /** The oldest comment not told yet; null: nothing to tell. */
  untold_since: Date | null;
  due_at: Date | null;
  last_sent_at: Date | null;
}

export type DigestState = 'none' | 'subscribed' | 'waiting';

/** A member's subscription change on an event the organisers' next digest tells (before → after). */
export interface OrganiserDigestChangesTable {
  club_id: Generated<number>;
  event_uuid: string;
  user_id: string;
  state_before: DigestState;
  state_after: DigestState;
  changed_at: Date;
}

/** The club days the organisers' digest ran (one a day, whoever runs it). */
export interface OrganiserDigestRunsTable {
  club_id: Generated<number>;
  club_day: string;
  ran_at: Date;
}
