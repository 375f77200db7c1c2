import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { clubRegistry, forEachClub } from '../db/club-scope/club-registry';
import type { Club } from '../db/club-scope/current-club';
import type { Database } from '../db/schema';
import { purgeSentMail } from '../mail/mail-queue';
import { makeMissingClubIcons } from '../modules/club-app/club-icons.service';
import { tellComingOfAge } from '../modules/family/coming-of-age.service';
import { eraseLapsedHealthItems } from '../modules/member-file/paper-erasure.service';
import { sendPaperReminders } from '../modules/member-file/paper-reminders.service';
import { eraseOldGuestData } from '../modules/participation/guests.service';
import { sendDueNudges } from '../modules/reminders/nudges.service';
import { isQuietTime } from '../modules/reminders/reminder-time';
import { sendDueReminders } from '../modules/reminders/reminders.service';
import { purgeOldKeys } from '../writes/idempotency';
import { sendWeeklyList } from './weekly-list';
import { isWeeklyListDueToday, weeklyListSchedule } from './weekly-schedule';

const HOURLY = 3_600_000;
/** Reminders are looked for this often: one goes out at most this late after its moment. */
const REMINDER_PERIOD_MS = 5 * 60_000;

/**
 * Housekeeping run at start and every hour (guests' personal data past 30 days, expired replay keys, mail
 * sent more than 30 days ago, the one notice to a member with guardians who came of age, health items past the
 * club's retention and the reminders before a paper of the member's file ends, each once), and
 * the weekly event list every Monday 07:00 club time, or at start when that moment passed earlier the same
 * Monday (the week's row in weekly_list_runs keeps it to one list a week, whoever sends it). `onMailQueued`
 * asks the mail worker for a round once the list's messages are committed. Reminders are looked for at start
 * and every five minutes (modules/reminders); `onPushQueued` asks the push worker for a round. At start only, a
 * club's logo that has no home-screen icons yet gets them (modules/club-app/club-icons.service.ts). `started` resolves when the
 * work done at start is over (tests wait for it).
 */
export function startScheduledJobs(options: {
  db: Kysely<Database>;
  now: () => Date;
  config: Config;
  onMailQueued: () => void;
  onPushQueued?: () => void;
  log: {
    error(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}): { started: Promise<void>; stop(): void } {
  const clubs = clubRegistry(options.db, options.config);
  // Each job goes club by club, each in its club: one club's failure is logged, the others run.
  const eachClub = (name: string, work: (club: Club) => Promise<void>) =>
    forEachClub(clubs, work).catch((error: unknown) => options.log.error({ err: error }, `${name} failed`));
  const run = () =>
    eachClub('scheduled job', async (club) => {
      await eraseOldGuestData(options.db, options.now());
      await purgeOldKeys(options.db, options.now());
      await purgeSentMail(options.db, options.now());
      if ((await tellComingOfAge(options)) > 0) options.onMailQueued();
      // The member's file (docs/rules.md#members-file): old health items erased; papers ending reminded of,
      // outside the quiet hours as every reminder (docs/rules.md#reminders).
      await eraseLapsedHealthItems(options);
      if (!isQuietTime(options.now(), club.timezone)) {
        const papers = await sendPaperReminders(options);
        if (papers.mail > 0) options.onMailQueued();
        if (papers.push > 0) options.onPushQueued?.();
      }
    });
  const sendWeeklyIn = async (club: Club) => {
    const result = await sendWeeklyList(options);
    if (result.queued > 0) options.onMailQueued();
    // A club other than the first is named by its host (the first club's line reads as it always did).
    options.log.info(club.host ? { ...result, club: club.host } : result, 'weekly event list');
  };
  // The Monday list of every club whose Monday 07:00 has passed (the week's row keeps it to one a week).
  const sendWeeklyWhereDue = () =>
    eachClub('weekly event list', async (club) => {
      if (isWeeklyListDueToday(options.now(), club.timezone)) await sendWeeklyIn(club);
    });
  const remind = () =>
    eachClub('reminders', async () => {
      const sent = await sendDueReminders(options);
      const nudged = await sendDueNudges(options);
      if (sent.mail + nudged > 0) options.onMailQueued();
      if (sent.push > 0) options.onPushQueued?.();
      if (sent.mail + sent.push + nudged > 0) options.log.info({ ...sent, nudged }, 'reminders');
    });
  // Once per start: home-screen icons for a logo uploaded before they were made (a file check when present).
  const icons = () => eachClub('club icons', () => makeMissingClubIcons(options.db, options.config));
  const started = Promise.all([run(), sendWeeklyWhereDue(), remind(), icons()]).then(() => undefined);
  const timer = setInterval(() => void run(), HOURLY);
  timer.unref();
  // Clubs in other time zones (or made since the start) are caught up within a reminder period.
  const reminderTimer = setInterval(() => void remind().then(sendWeeklyWhereDue), REMINDER_PERIOD_MS);
  reminderTimer.unref();

  const weekly = weeklyListSchedule(options.config.clubTimezone, () => sendWeeklyWhereDue());
  return {
    started,
    stop: () => {
      clearInterval(timer);
      clearInterval(reminderTimer);
      weekly.stop();
    },
  };
}
