import type { Generated } from 'kysely';

// The tables of the member's file (docs/rules.md#members-file): licences per season and health items.

/** One season's licence of a member, entered by an Admin; one per member and season, older seasons kept. */
export interface LicencesTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  user_id: string;
  /** `2025-2026`: the season's two consecutive years. */
  season: string;
  number: string;
  federation: string;
  type: string;
  /** The licence's own first and last days (a federation's export), else null: its season's days count. */
  start_day: string | null;
  end_day: string | null;
  recorded_at: Date;
  recorded_by: string;
}

/** One health item from the closed list: a date and an attestation, never a questionnaire nor a diagnosis. */
export interface HealthItemsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: Generated<string>;
  user_id: string;
  kind: 'caci' | 'qs_sport' | 'minor_questionnaire' | 'pps' | 'savoir_nager';
  /** The item's date, `yyyy-mm-dd`. */
  day: string;
  competition: boolean | null;
  all_no: boolean | null;
  signed_by: string | null;
  way: 'attestation' | 'test' | null;
  recorded_at: Date;
  recorded_by: string;
  /** An Admin's item, which a member or guardian cannot remove. */
  recorded_by_admin: boolean;
}
