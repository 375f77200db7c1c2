import type { Generated } from 'kysely';

// The reminders sent before a paper of the member's file ends (docs/rules.md#members-file).

/** What a reminder is about: the licence, a health item's kind, or the season start to a member not renewed. */
export type PaperItem = 'licence' | 'renewal' | 'caci' | 'qs_sport' | 'minor_questionnaire' | 'pps';

/** One reminder sent: each (member, paper, last day, threshold) goes once. */
export interface PaperRemindersTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  user_id: string;
  item: PaperItem;
  /** The paper's last day (`yyyy-mm-dd`); for `renewal`, the new season's first day. */
  ends_on: string;
  /** Days before `ends_on`: 30, 14 or 7; 0 for `renewal`. */
  threshold: number;
  sent_at: Date;
}
