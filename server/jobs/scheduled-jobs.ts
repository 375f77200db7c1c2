import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { eraseOldGuestData } from '../modules/participation/guests.service';
import { purgeOldKeys } from '../modules/replays/idempotency';

const HOURLY = 3_600_000;

/** Housekeeping run at start and every hour: guests' personal data past 30 days, expired replay keys. */
export function startScheduledJobs(options: {
  db: Kysely<Database>;
  now: () => Date;
  log: { error(details: object, message: string): void };
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
  return { stop: () => clearInterval(timer) };
}
