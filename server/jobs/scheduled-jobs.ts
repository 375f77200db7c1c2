import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { eraseOldGuestData } from '../modules/participation/guests.service';
import { purgeOldKeys } from '../modules/replays/idempotency';
import { sendWeeklyList } from './weekly-list';
import { isWeeklyListDueToday, weeklyListSchedule } from './weekly-schedule';

const HOURLY = 3_600_000;

/**
 * Housekeeping run at start and every hour (guests' personal data past 30 days, expired replay keys), and
 * the weekly event list every Monday 07:00 club time, or at start when that moment passed earlier the same
 * Monday (the week's row in weekly_list_runs keeps it to one list a week, whoever sends it). `onMailQueued`
 * asks the mail worker for a round once the list's messages are committed. `started` resolves when the
 * work done at start is over (tests wait for it).
 */
export function startScheduledJobs(options: {
  db: Kysely<Database>;
  now: () => Date;
  config: Config;
  onMailQueued: () => void;
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
  const started = Promise.all([
    run(),
    isWeeklyListDueToday(options.now(), options.config.clubTimezone) ? sendWeekly() : undefined,
  ]).then(() => undefined);
  const timer = setInterval(() => void run(), HOURLY);
  timer.unref();

  const weekly = weeklyListSchedule(options.config.clubTimezone, sendWeekly);
  return {
    started,
    stop: () => {
      clearInterval(timer);
      weekly.stop();
    },
  };
}
