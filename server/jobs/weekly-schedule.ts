import { clubDayOf, clubTimeOf, weekStart } from '@common/rules/club-time';
import { Cron } from 'croner';

/** Monday 07:00, read in the club's time zone (docs/rules.md#mails). */
export const WEEKLY_LIST_PATTERN = '0 7 * * 1';
const WEEKLY_LIST_TIME = '07:00';

/**
 * Whether the list's moment has passed today and still means something (docs/rules.md#mails): it is Monday, club time,
 * 07:00 or later. A server that starts then sends the week's list it missed; later in the
 * week the list is stale, and before 07:00 the schedule sends it.
 */
export function isWeeklyListDueToday(now: Date, timeZone: string): boolean {
  const day = clubDayOf(now, timeZone);
  return weekStart(day) === day && clubTimeOf(now, timeZone) >= WEEKLY_LIST_TIME;
}

/**
 * The weekly list's schedule in `timeZone`. Without `run` it only answers nextRun() (tests); with it,
 * it runs `run` each time, never twice at once (`protect`), and does not keep the process alive (`unref`).
 * A server down at that time catches up when it starts the same day (isWeeklyListDueToday, scheduled-jobs.ts);
 * `npm run send-weekly-list` sends the week by hand.
 */
export function weeklyListSchedule(timeZone: string, run?: () => Promise<void>): Cron {
  const options = { timezone: timeZone, protect: true, unref: true };
  return run ? new Cron(WEEKLY_LIST_PATTERN, options, run) : new Cron(WEEKLY_LIST_PATTERN, options);
}
