/**
 * The tables whose rows belong to one club (each has `club_id`, leading its keys, under a forced row-level security
 * policy), and the few shared by all clubs. The isolation test checks this list against
 * the database's catalogue, so a new table must be put in one of them.
 */
export const CLUB_TABLES = [
  'users',
  'sessions',
  'app_settings',
  'account_tokens',
  'notification_preferences',
  'system_notification_settings',
  'mail_queue',
  'event_models',
  'stuffs',
  'event_series',
  'events',
  'event_stuffs',
  'subscriptions',
  'waiting_list',
  'guests',
  'idempotency_keys',
  'group_mail_log',
  'calendar_feed_tokens',
  'weekly_list_runs',
  'push_subscriptions',
  'push_queue',
  'checklist_log',
  'waiting_list_promotions',
  'subscription_notices',
  'event_reminders',
  'event_declines',
  'answer_links_used',
  'series_nudges',
  'news_posts',
  'event_co_organisers',
  'walk_ins',
  'account_audit',
  'guardianships',
  'consents',
  'event_comments',
  'comment_mail_notices',
  'organiser_digest_changes',
  'organiser_digest_runs',
  'booked_stuffs',
  'wished_stuffs',
  'kit_log',
  'licences',
  'health_items',
  'paper_reminders',
  'data_version',
] as const;

/** Shared: the club registry, the link-signing secret, the sign-in decoy and Kysely's bookkeeping. */
export const SHARED_TABLES = [
  'clubs',
  'server_secrets',
  'sign_in_decoy',
  'kysely_migration',
  'kysely_migration_lock',
] as const;

export type ClubTable = (typeof CLUB_TABLES)[number];
