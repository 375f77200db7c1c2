import type { AttendanceStatus } from '@common/contract/attendance-status';
import type { Generated } from 'kysely';

// Who takes part in an event and who came: subscriptions, waiting list, guests, walk-ins and the checklist's
// audit trail, apart from the events and members themselves in schema.ts.
export interface SubscriptionsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  uuid: string;
  event_uuid: string;
  user_id: string;
  /** Promoted on own equipment: may pick a kit once through a subscribe (docs/rules.md#kit). */
  may_pick_stuff: Generated<boolean>;
  is_checked: Generated<boolean>;
  /** Present, late, excused or absent; `is_checked` is true exactly for present and late. */
  status: Generated<AttendanceStatus>;
  checked_at: Date | null;
  checked_by: string | null;
  created_at: Date;
}

export interface WaitingListTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  seq: Generated<string>;
  event_uuid: string;
  user_id: string;
  created_at: Date;
  /** When the member was told their file kept them from a freed place (docs/rules.md#members-file); null: not yet. */
  dossier_told_at: Generated<Date | null>;
}

export interface GuestsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<number>;
  event_uuid: string;
  host_id: string;
  first_name: string;
  last_name: string;
  age: number | null;
  email: string | null;
  phone: string | null;
  is_checked: Generated<boolean>;
  status: Generated<AttendanceStatus>;
  checked_at: Date | null;
  checked_by: string | null;
  created_at: Date;
}

/** Someone who came without registering: a member or a free name, one row per person and event. */
export interface WalkInsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<number>;
  event_uuid: string;
  /** `member:<user id>` or `name:<normalised name>`: what makes the same walk-in added twice one row. */
  person_key: string;
  user_id: string | null;
  name: string;
  status: AttendanceStatus;
  checked_at: Date;
  checked_by: string;
  created_by: string;
  created_at: Date;
}

/**
 * One checklist write the server accepted (modules/attendance/checklist.service.ts), appended and never changed:
 * who ticked whom, the device time, the server time, and whether it lost to a newer write.
 */
export interface ChecklistLogTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<string>;
  event_uuid: string;
  is_invited: boolean;
  user_id: string | null;
  guest_id: number | null;
  /** Copied at write time; blanked for guests by the guest-data erasure. */
  participant_name: string;
  is_checked: boolean;
  status: AttendanceStatus;
  /** Set for a walk-in's write (then `guest_id` is null and `user_id` is the member's, if any). */
  walk_in_id: number | null;
  checked_by: string;
  checked_by_name: string;
  /** The device time the write carries (clamped like the row's), used to order offline writes. */
  checked_at: Date;
  received_at: Date;
  /** Older than the row's value when it arrived: recorded, not applied. */
  is_ignored: boolean;
  idempotency_key: string | null;
}

/** One member moved from the waiting list to the event by the fill step; kept when they later leave. */
export interface WaitingListPromotionsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<string>;
  event_uuid: string;
  user_id: string;
  promoted_at: Date;
}
