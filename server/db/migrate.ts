import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as usersSessionsSettings from './migrations/2026-11-22-01-users-sessions-settings';
import * as accountsMailCatalog from './migrations/2026-11-22-02-accounts-mail-catalog';
import * as events from './migrations/2026-11-22-03-events';
import * as groupMailLog from './migrations/2026-11-23-01-group-mail-log';
import * as signInDecoy from './migrations/2026-11-23-02-sign-in-decoy';
import * as weekReadIndexes from './migrations/2026-11-23-03-week-read-indexes';
import * as dataVersion from './migrations/2026-11-23-04-data-version';
import * as calendarFeed from './migrations/2026-11-23-05-calendar-feed';
import * as weeklyList from './migrations/2026-11-23-06-weekly-list';
import * as pushSubscriptions from './migrations/2026-11-23-07-push-subscriptions';
import * as attendanceRecords from './migrations/2026-11-23-08-attendance-records';
import * as eventSeries from './migrations/2026-11-23-09-event-series';
import * as mailPriorityNotices from './migrations/2026-11-26-01-mail-priority-notices';
import * as listUnsubscribe from './migrations/2026-11-26-02-list-unsubscribe';
import * as eventReminders from './migrations/2026-11-26-03-event-reminders';
import * as declinesAnswerLinks from './migrations/2026-11-26-04-declines-answer-links';
import * as seriesNudges from './migrations/2026-11-26-05-series-nudges';
import * as attendeePrivacy from './migrations/2026-11-27-01-attendee-privacy';
import * as news from './migrations/2026-11-28-01-news';
import * as coOrganisers from './migrations/2026-11-29-01-co-organisers';
import * as eventWords from './migrations/2026-11-30-01-event-words';
import * as mailSender from './migrations/2026-11-30-02-mail-sender';
import * as seriesExceptions from './migrations/2026-11-30-03-series-exceptions';
import * as attendanceStatus from './migrations/2026-12-01-01-attendance-status';
import * as emailBouncing from './migrations/2026-12-02-01-email-bouncing';
import * as accountDeletion from './migrations/2026-12-03-01-account-deletion';
import * as clubs from './migrations/2026-12-04-01-clubs';
import * as pendingEmail from './migrations/2026-12-05-01-pending-email';
import * as families from './migrations/2026-12-06-01-families';
import * as comingOfAge from './migrations/2026-12-07-01-coming-of-age';
import * as consents from './migrations/2026-12-08-01-consents';
import * as actedFor from './migrations/2026-12-09-01-acted-for';
import * as eventComments from './migrations/2026-12-10-01-event-comments';
import * as kit from './migrations/2026-12-11-01-kit';
import * as kitLogOutlivesEvents from './migrations/2026-12-11-02-kit-log-outlives-events';
import * as emailBouncingSince from './migrations/2026-12-12-01-email-bouncing-since';
import * as cancelMessage from './migrations/2026-12-12-03-cancel-message';
import * as meetingPoint from './migrations/2026-12-13-01-meeting-point';
import * as memberFile from './migrations/2026-12-14-01-member-file';
import * as modelRequirements from './migrations/2026-12-14-02-model-requirements';
import * as waitingDossierTold from './migrations/2026-12-14-04-waiting-dossier-told';
import * as paperReminders from './migrations/2026-12-14-06-paper-reminders';
import * as licenceValidity from './migrations/2026-12-14-08-licence-validity';
import * as sessionCheck from './migrations/2026-12-16-01-session-check';
import * as accountVersion from './migrations/2026-12-17-01-account-version';

/** Listed explicitly (not read from disk) so the same code runs from source and from any bundle. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-01-users-sessions-settings': usersSessionsSettings,
  '2026-11-22-02-accounts-mail-catalog': accountsMailCatalog,
  '2026-11-22-03-events': events,
  '2026-11-23-01-group-mail-log': groupMailLog,
  '2026-11-23-02-sign-in-decoy': signInDecoy,
  '2026-11-23-03-week-read-indexes': weekReadIndexes,
  '2026-11-23-04-data-version': dataVersion,
  '2026-11-23-05-calendar-feed': calendarFeed,
  '2026-11-23-06-weekly-list': weeklyList,
  '2026-11-23-07-push-subscriptions': pushSubscriptions,
  '2026-11-23-08-attendance-records': attendanceRecords,
  '2026-11-23-09-event-series': eventSeries,
  '2026-11-26-01-mail-priority-notices': mailPriorityNotices,
  '2026-11-26-02-list-unsubscribe': listUnsubscribe,
  '2026-11-26-03-event-reminders': eventReminders,
  '2026-11-26-04-declines-answer-links': declinesAnswerLinks,
  '2026-11-26-05-series-nudges': seriesNudges,
  '2026-11-27-01-attendee-privacy': attendeePrivacy,
  '2026-11-28-01-news': news,
  '2026-11-29-01-co-organisers': coOrganisers,
  '2026-11-30-01-event-words': eventWords,
  '2026-11-30-02-mail-sender': mailSender,
  '2026-11-30-03-series-exceptions': seriesExceptions,
  '2026-12-01-01-attendance-status': attendanceStatus,
  '2026-12-02-01-email-bouncing': emailBouncing,
  '2026-12-03-01-account-deletion': accountDeletion,
  '2026-12-04-01-clubs': clubs,
  '2026-12-05-01-pending-email': pendingEmail,
  '2026-12-06-01-families': families,
  '2026-12-07-01-coming-of-age': comingOfAge,
  '2026-12-08-01-consents': consents,
  '2026-12-09-01-acted-for': actedFor,
  '2026-12-10-01-event-comments': eventComments,
  '2026-12-11-01-kit': kit,
  '2026-12-11-02-kit-log-outlives-events': kitLogOutlivesEvents,
  '2026-12-12-01-email-bouncing-since': emailBouncingSince,
  '2026-12-12-03-cancel-message': cancelMessage,
  '2026-12-13-01-meeting-point': meetingPoint,
  '2026-12-14-01-member-file': memberFile,
  '2026-12-14-02-model-requirements': modelRequirements,
  '2026-12-14-04-waiting-dossier-told': waitingDossierTold,
  '2026-12-14-06-paper-reminders': paperReminders,
  '2026-12-14-08-licence-validity': licenceValidity,
  '2026-12-16-01-session-check': sessionCheck,
  '2026-12-17-01-account-version': accountVersion,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** `schema`: where Kysely keeps its own migration tables, when not the default one (tests' per-file schemas). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Tests only: the schema as it stood after `name` (the migration test builds yesterday's database). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateTo(db: Kysely<any>, name: string, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
