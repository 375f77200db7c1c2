import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AttendanceStatus } from '../../src/common/contract/attendance-status';
import type {
  AnswerLinksUsedTable,
  EventDeclinesTable,
  EventRemindersTable,
  GroupMailLogTable,
  MailQueueTable,
  PushQueueTable,
  PushSubscriptionsTable,
  SeriesNudgesTable,
  ServerSecretsTable,
  SubscriptionNoticesTable,
  WeeklyListRunsTable,
} from './messaging-schema';

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string | null;
  role_name: 'User' | 'Contributor' | 'Admin' | 'SuperAdmin';
  connection_attempt: Generated<number>;
  is_locked: Generated<boolean>;
  locked_until: Date | null;
  lock_count: Generated<number>;
  is_revoked: Generated<boolean>;
  confirmed_at: Date | null;
  last_name: string | null;
  first_name: string | null;
  street: string | null;
  city: string | null;
  zip_code: string | null;
  phone: string | null;
  shoe_size: number | null;
  has_shoes: Generated<boolean>;
  language: Generated<'fr' | 'en'>;
  /** Issue 27: shown to other members as « Un membre » (organisers still see the name). */
  hidden_from_members: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: ColumnType<Date, Date, never>;
  last_used_at: Date;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: Date;
}

export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  kind: 'confirm' | 'reset';
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export interface NotificationPreferencesTable {
  user_id: string;
  type: string;
  active: boolean;
}

export interface SystemNotificationSettingsTable {
  type: string;
  active: boolean;
}

export interface EventModelsTable {
  uuid: string;
  name: string;
  description: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface StuffsTable {
  uuid: string;
  name: string;
  description: string;
  stock: number;
  is_infinite: boolean;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface EventsTable {
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
  /** The training series this session belongs to (issue 16); null for a one-off. */
  uuid_series: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 28: the event's own title and notes; null shows the model's name and description. */
  title: ColumnType<string | null, string | null | undefined, string | null>;
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A training series' rule (issue 16); its sessions are events with `uuid_series`. */
export interface EventSeriesTable {
  uuid: string;
  creator_id: string;
  /** The rule's weekdays, RFC 5545 codes joined by commas: `TU,TH`. */
  weekdays: string;
  interval_weeks: number;
  /** The last club day (`yyyy-mm-dd`) a session may fall on; null when the rule counts sessions. */
  until_day: string | null;
  session_count: number | null;
  /** Issue 28: the rule's days that got no session, `yyyy-mm-dd` joined by commas; null when none. */
  except_dates: ColumnType<string | null, string | null | undefined, never>;
  created_at: Date;
}

export interface EventStuffsTable {
  event_uuid: string;
  stuff_uuid: string;
}

export interface EventCoOrganisersTable {
  event_uuid: string;
  user_id: string;
}

export interface SubscriptionsTable {
  uuid: string;
  event_uuid: string;
  user_id: string;
  stuff_uuid: string | null;
  may_pick_stuff: Generated<boolean>;
  is_checked: Generated<boolean>;
  /** Issue 28: present, late, excused or absent; `is_checked` is true exactly for present and late. */
  status: Generated<AttendanceStatus>;
  checked_at: Date | null;
  checked_by: string | null;
  created_at: Date;
}

export interface WaitingListTable {
  seq: Generated<string>;
  event_uuid: string;
  user_id: string;
  wished_stuff_uuid: string | null;
  created_at: Date;
}

export interface GuestsTable {
  id: Generated<number>;
  event_uuid: string;
  host_id: string;
  stuff_uuid: string | null;
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

/** Someone who came without registering (issue 28): a member or a free name, one row per person and event. */
export interface WalkInsTable {
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

export interface IdempotencyKeysTable {
  user_id: string;
  method: string;
  path: string;
  key: string;
  body_hash: string;
  status_code: number;
  response_body: string;
  created_at: Date;
}

/** A member's private calendar feed: one per member, only the token's SHA-256 (hex) is kept. */
export interface CalendarFeedTokensTable {
  user_id: string;
  token_hash: string;
  created_at: Date;
}

/**
 * One checklist write the server accepted (participation/checklist.service.ts), appended and never changed:
 * who ticked whom, the device time, the server time, and whether it lost to a newer write.
 */
export interface ChecklistLogTable {
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
  id: Generated<string>;
  event_uuid: string;
  user_id: string;
  promoted_at: Date;
}

/** A news post (issue 27 item 9); its picture, when any, is the public file news/{uuid}.png. */
export interface NewsPostsTable {
  uuid: string;
  title: string;
  text: string;
  has_picture: Generated<boolean>;
  author_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface Database {
  events: EventsTable;
  event_series: EventSeriesTable;
  event_stuffs: EventStuffsTable;
  event_co_organisers: EventCoOrganisersTable;
  subscriptions: SubscriptionsTable;
  waiting_list: WaitingListTable;
  guests: GuestsTable;
  walk_ins: WalkInsTable;
  idempotency_keys: IdempotencyKeysTable;
  group_mail_log: GroupMailLogTable;
  calendar_feed_tokens: CalendarFeedTokensTable;
  weekly_list_runs: WeeklyListRunsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
  checklist_log: ChecklistLogTable;
  waiting_list_promotions: WaitingListPromotionsTable;
  users: UsersTable;
  /** One row shaped like users: what a failed sign-in on an unknown name writes (users.repository.ts). */
  sign_in_decoy: UsersTable;
  sessions: SessionsTable;
  app_settings: AppSettingsTable;
  account_tokens: AccountTokensTable;
  notification_preferences: NotificationPreferencesTable;
  system_notification_settings: SystemNotificationSettingsTable;
  mail_queue: MailQueueTable;
  server_secrets: ServerSecretsTable;
  event_reminders: EventRemindersTable;
  event_declines: EventDeclinesTable;
  series_nudges: SeriesNudgesTable;
  answer_links_used: AnswerLinksUsedTable;
  subscription_notices: SubscriptionNoticesTable;
  event_models: EventModelsTable;
  stuffs: StuffsTable;
  news_posts: NewsPostsTable;
}

export type NewsPostRow = Selectable<NewsPostsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type MailRow = Selectable<MailQueueTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushQueueRow = Selectable<PushQueueTable>;
export type EventRow = Selectable<EventsTable>;
export type GuestRow = Selectable<GuestsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
