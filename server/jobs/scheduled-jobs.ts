import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { eraseOldGuestData } from '../modules/participation/guests.service';
import { purgeOldKeys } from '../modules/replays/idempotency';
import { sendWeeklyList } from './weekly-list';
import { weeklyListSchedule } from './weekly-schedule';

const HOURLY = 3_600_000;

/**
 * Housekeeping run at start and every hour (guests' personal data past 30 days, expired replay keys), and
 * the weekly event list every Monday 07:00 club time. `onMailQueued` asks the mail worker for a round
 * once the list's messages are committed.
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
}): { stop(): void } {
  const run = async () => {
    try {
      await eraseOldGuestData(options.db, options.now());
      await purgeOldKeys(options.db, options.now());
    } catch (error) {
      options.log.error({ err: error }, 'scheduled job failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), HOURLY);
  timer.unref();

  const weekly = weeklyListSchedule(options.config.clubTimezone, async () => {
    try {
      const result = await sendWeeklyList(options);
      if (result.queued > 0) options.onMailQueued();
      options.log.info(result, 'weekly event list');
    } catch (error) {
      options.log.error({ err: error }, 'weekly event list failed');
    }
  });
  return {
    stop: () => {
      clearInterval(timer);
      weekly.stop();
    },
  };
}
