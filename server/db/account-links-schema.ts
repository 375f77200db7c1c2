import type { ConsentKey } from '@common/rules/consents';
import type { ColumnType, Generated } from 'kysely';

// What links or records accounts apart from the account rows in schema.ts: guardians and the children they
// answer for, and who did what to an account.

/** A guardian answering for a child (docs/rules.md#families); `is_restricted`: an Admin's court-order mark. */
export interface GuardianshipsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  child_id: string;
  guardian_id: string;
  is_restricted: Generated<boolean>;
  /** Who made the link (an Admin, or the guardian adding their child); null once that account is gone. */
  created_by: string | null;
  created_at: Date;
}

/** A consent a guardian gave or withdrew for a child, for one season (docs/rules.md#families). */
export interface ConsentsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  child_id: string;
  /** `2026-2027`: from 1 September to 31 August. */
  season: string;
  kind: ConsentKey;
  given: boolean;
  given_by: string;
  given_at: Date;
}

/**
 * Who did what to an account, by ids only, never the data the action erased: a deletion, or a write a guardian
 * made in a child's place (`acted_for`, docs/rules.md#families: « Gwen pour Lou »).
 */
export interface AccountAuditTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<number>;
  action: 'account_deleted' | 'acted_for' | 'health_erased';
  actor_id: string;
  target_id: string;
  at: Date;
  /** For `acted_for`: the action (`subscribe`, `waiting_list`, `decline`, `series_subscribe`, `guests`, …). */
  what: ColumnType<string | null, string | null | undefined, string | null>;
  /** For `acted_for` on an event (or a series' first session): which. */
  event_uuid: ColumnType<string | null, string | null | undefined, string | null>;
}
