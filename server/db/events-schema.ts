import type { ColumnType, Generated } from 'kysely';

// The tables of the club's calendar: the models events are made from, the club's equipment, the events
// themselves, their series, and who else organises them.

export interface EventModelsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  uuid: string;
  name: string;
  description: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** What the model asks of its subscribers' files (docs/rules.md#members-file); all off: nothing. */
  requires_licence: Generated<boolean>;
  requires_health: Generated<boolean>;
  requires_competition: Generated<boolean>;
  requires_savoir_nager: Generated<boolean>;
  enforcement: Generated<'warn' | 'block'>;
}

export interface StuffsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  uuid: string;
  name: string;
  description: string;
  stock: number;
  is_infinite: boolean;
  /** What the kit dialog groups it under; null: « Autre » (docs/rules.md#kit). */
  kind: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface EventsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  uuid: string;
  model_uuid: string;
  creator_id: string;
  start_date: Date;
  end_date: Date;
  street: string | null;
  city: string | null;
  zip_code: string | null;
  location: string;
  max_subscribers: number;
  subscriber_is_infinite: boolean;
  is_cancelled: boolean;
  /** Raised by a trigger on every change a calendar shows (migration 2026-11-23-05): never written here. */
  sequence: ColumnType<number, never, never>;
  /** The training series this session belongs to; null for a one-off. */
  uuid_series: ColumnType<string | null, string | null | undefined, string | null>;
  /** The event's own title and notes; null shows the model's name and description. */
  title: ColumnType<string | null, string | null | undefined, string | null>;
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where members meet (the shed, the slipway…), shown like the notes; null when none. */
  meeting_point: ColumnType<string | null, string | null | undefined, string | null>;
  /** The organiser's word told with the cancellation, shown in the app; null when none or not cancelled. */
  cancel_message: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A training series' rule; its sessions are events with `uuid_series`. */
export interface EventSeriesTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  uuid: string;
  creator_id: string;
  /** The rule's weekdays, RFC 5545 codes joined by commas: `TU,TH`. */
  weekdays: string;
  interval_weeks: number;
  /** The last club day (`yyyy-mm-dd`) a session may fall on; null when the rule counts sessions. */
  until_day: string | null;
  session_count: number | null;
  /** The rule's days that got no session, `yyyy-mm-dd` joined by commas; null when none. */
  except_dates: ColumnType<string | null, string | null | undefined, never>;
  created_at: Date;
}

export interface EventStuffsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  event_uuid: string;
  stuff_uuid: string;
}

export interface EventCoOrganisersTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  event_uuid: string;
  user_id: string;
}
