import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountAuditTable, ConsentsTable, GuardianshipsTable } from './account-links-schema';
import type { ClubsTable } from './clubs-schema';
import type {
  EventCoOrganisersTable,
  EventModelsTable,
  EventSeriesTable,
  EventStuffsTable,
  EventsTable,
  StuffsTable,
} from './events-schema';
import type { BookedStuffsTable, KitLogTable, WishedStuffsTable } from './kit-schema';
import type { HealthItemsTable, LicencesTable } from './member-file-schema';
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
import type { PaperRemindersTable } from './paper-reminders-schema';
import type {
  ChecklistLogTable,
  GuestsTable,
  SubscriptionsTable,
  WaitingListPromotionsTable,
  WaitingListTable,
  WalkInsTable,
} from './participation-schema';
import type {
  CommentMailNoticesTable,
  EventCommentsTable,
  OrganiserDigestChangesTable,
  OrganiserDigestRunsTable,
} from './talk-schema';

export interface UsersTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  id: string;
  username: string;
  /** None for a child without a login (docs/rules.md#families); unique per club where set. */
  email: string | null;
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
  /** Shown to other members as « Un membre » (organisers still see the name). */
  hidden_from_members: Generated<boolean>;
  /** The SMTP server refused this address for good; notifications skip it until it changes. */
  email_bouncing: Generated<boolean>;
  /** When the address was first refused for good (docs/rules.md#mails); null while not bouncing, or marked before it was kept. */
  email_bouncing_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** `yyyy-mm-dd`, optional; a minor is under 18 on the club day (docs/rules.md#families). */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a member who had guardians was told they came of age (docs/rules.md#families); null: not yet. */
  came_of_age_told_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** An address asked for and not yet confirmed from its own inbox; `email` stays until then. */
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account was deleted; identity and contact fields are erased, the row stays for records. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface SessionsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  token_hash: string;
  user_id: string;
  created_at: ColumnType<Date, Date, never>;
  last_used_at: Date;
}

export interface AppSettingsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  key: string;
  value: string;
  updated_at: Date;
}

export interface AccountTokensTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  token_hash: string;
  user_id: string;
  /** `email`: the link that confirms a new address (users.pending_email). */
  kind: 'confirm' | 'reset' | 'email';
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export interface NotificationPreferencesTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  user_id: string;
  type: string;
  active: boolean;
}

export interface SystemNotificationSettingsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  type: string;
  active: boolean;
}

export interface IdempotencyKeysTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
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
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
  user_id: string;
  token_hash: string;
  created_at: Date;
}

/** A news post; its picture, when any, is the public file news/{uuid}.png. */
export interface NewsPostsTable {
  /** The club the row belongs to; its default is the transaction's club. */
  club_id: Generated<number>;
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
  sign_in_decoy: Omit<UsersTable, 'club_id'>;
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
  account_audit: AccountAuditTable;
  guardianships: GuardianshipsTable;
  consents: ConsentsTable;
  event_comments: EventCommentsTable;
  comment_mail_notices: CommentMailNoticesTable;
  organiser_digest_changes: OrganiserDigestChangesTable;
  organiser_digest_runs: OrganiserDigestRunsTable;
  booked_stuffs: BookedStuffsTable;
  wished_stuffs: WishedStuffsTable;
  kit_log: KitLogTable;
  licences: LicencesTable;
  health_items: HealthItemsTable;
  paper_reminders: PaperRemindersTable;
  clubs: ClubsTable;
}

/** A row as the application sees it: the club is the transaction's, never carried around. */
export type RowOf<T> = Omit<Selectable<T>, 'club_id'>;

export type NewsPostRow = RowOf<NewsPostsTable>;
export type UserRow = RowOf<UsersTable>;
export type GuardianshipRow = RowOf<GuardianshipsTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = RowOf<SessionsTable>;
export type MailRow = RowOf<MailQueueTable>;
export type PushSubscriptionRow = RowOf<PushSubscriptionsTable>;
export type PushQueueRow = RowOf<PushQueueTable>;
export type EventRow = RowOf<EventsTable>;
export type GuestRow = RowOf<GuestsTable>;
export type SubscriptionRow = RowOf<SubscriptionsTable>;
