import { Cron } from 'croner';

/** Monday 07:00, read in the club's time zone (server-rules "Emails"). */
export const WEEKLY_LIST_PATTERN = '0 7 * * 1';

/**
 * The weekly list's schedule in `timeZone`. Without `run` it only answers nextRun() (tests); with it,
 * it runs `run` each time, never twice at once (`protect`), and does not keep the process alive (`unref`).
 * A server down at that time does not catch up: `npm run send-weekly-list` sends the week by hand.
 */
export function weeklyListSchedule(timeZone: string, run?: () => Promise<void>): Cron {
  const options = { timezone: timeZone, protect: true, unref: true };
  return run ? new Cron(WEEKLY_LIST_PATTERN, options, run) : new Cron(WEEKLY_LIST_PATTERN, options);
}
