import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { eraseOldGuestData } from '../modules/participation/guests.service';
import { sendDueNudges } from '../modules/reminders/nudges.service';
import { sendDueReminders } from '../modules/reminders/reminders.service';
import { purgeOldKeys } from '../modules/replays/idempotency';
import { sendWeeklyList } from './weekly-list';
import { isWeeklyListDueToday, weeklyListSchedule } from './weekly-schedule';

const HOURLY = 3_600_000;
/** Reminders are looked for this often: one goes out at most this late after its moment. */
const REMINDER_PERIOD_MS = 5 * 60_000;

/**
 * Housekeeping run at start and every hour (guests' personal data past 30 days, expired replay keys), and
 * the weekly event list every Monday 07:00 club time, or at start when that moment passed earlier the same
 * Monday (the week's row in weekly_list_runs keeps it to one list a week, whoever sends it). `onMailQueued`
 * asks the mail worker for a round once the list's messages are committed. Reminders are looked for at start
 * and every five minutes (modules/reminders); `onPushQueued` asks the push worker for a round. `started` resolves when the
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
  const run = async () => {
    try {
      await eraseOldGuestData(options.db, options.now());
      await purgeOldKeys(options.db, options.now());
    } catch (error) {
      options.log.error({ err: error }, 'scheduled job failed');
    }
  };
  const sendWeekly = async () => {
    try {
      const result = await sendWeeklyList(options);
      if (result.queued > 0) options.onMailQueued();
      options.log.info(result, 'weekly event list');
    } catch (error) {
      options.log.error({ err: error }, 'weekly event list failed');
    }
  };
  const remind = async () => {
    try {
      const sent = await sendDueReminders(options);
      const nudged = await sendDueNudges(options);
      if (sent.mail + nudged > 0) options.onMailQueued();
      if (sent.push > 0) options.onPushQueued?.();
      if (sent.mail + sent.push + nudged > 0) options.log.info({ ...sent, nudged }, 'reminders');
    } catch (error) {
      options.log.error({ err: error }, 'reminders failed');
    }
  };
  const started = Promise.all([
    run(),
    isWeeklyListDueToday(options.now(), options.config.clubTimezone) ? sendWeekly() : undefined,
    remind(),
  ]).then(() => undefined);
  const timer = setInterval(() => void run(), HOURLY);
  timer.unref();
  const reminderTimer = setInterval(() => void remind(), REMINDER_PERIOD_MS);
  reminderTimer.unref();

  const weekly = weeklyListSchedule(options.config.clubTimezone, sendWeekly);
  return {
    started,
    stop: () => {
      clearInterval(timer);
      clearInterval(reminderTimer);
      weekly.stop();
    },
  };
}
