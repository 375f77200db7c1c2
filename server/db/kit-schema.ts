import type { Generated } from 'kysely';

// The tables of kit (docs/rules.md#kit): the items each booking holds or wishes for, and the hand-out audit trail.

/** One item a subscription or a guest holds (exactly one of the two), in the order chosen. */
export interface BookedStuffsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<string>;
  event_uuid: string;
  subscription_uuid: string | null;
  guest_id: number | null;
  stuff_uuid: string;
  position: number;
  /** Set at the venue by those who take attendance; the newest write wins (`changed_at`, the device's time). */
  handed_out: Generated<boolean>;
  returned: Generated<boolean>;
  changed_at: Date | null;
  changed_by: string | null;
}

/** One item a waiting-list entry wishes for, booked at promotion where still there. */
export interface WishedStuffsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  waiting_seq: string;
  stuff_uuid: string;
  position: number;
}

/** One hand-out write the server accepted, appended and never changed, as the checklist's log for ticks. */
export interface KitLogTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<string>;
  event_uuid: string;
  is_invited: boolean;
  user_id: string | null;
  guest_id: number | null;
  /** Copied at write time; blanked for guests by the guest-data erasure. */
  participant_name: string;
  stuff_uuid: string | null;
  stuff_name: string;
  handed_out: boolean;
  returned: boolean;
  checked_by: string;
  checked_by_name: string;
  checked_at: Date;
  received_at: Date;
  /** Older than the item's state when it arrived: recorded, not applied. */
  is_ignored: boolean;
  idempotency_key: string | null;
}
