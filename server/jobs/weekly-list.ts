import { DEFAULT_SLOGAN } from '@common/contract/settings';
import { addressLine } from '@common/rules/address';
import { clubDayStart, currentWeek, shiftDay } from '@common/rules/club-time';
import { eventTitle } from '@common/rules/event-words';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { currentClub } from '../db/club-scope/current-club';
import type { Database } from '../db/schema';
import { eventPath, preferencesPath } from '../mail/app-links';
import type { WeeklyEvent } from '../mail/template-types';
import { loadEventDtos } from '../modules/events/event-details';
import { listEventsBetween } from '../modules/events/events.repository';
import {
  readSystemSwitches,
  usersWithPreferenceOn,
} from '../modules/notifications/notification-settings.repository';
import { notify } from '../modules/notifications/notify';
import { readClubBrand } from '../modules/settings/club-settings';
import { readSetting } from '../modules/settings/settings.repository';
import { claimWeek, recordRecipients } from './weekly-list.repository';

export type WeeklyListResult =
  /** The week's row was taken now: `queued` messages (0 when nobody opted in) wait in the mail queue. */
  | { status: 'queued'; week: string; queued: number }
  /** Another process, or an earlier run, already queued this week's list: nothing queued. */
  | { status: 'already_sent'; week: string; queued: 0 }
  /** The admin switch is off: nothing queued and the week stays unclaimed (a run after it is on sends). */
  | { status: 'switched_off'; week: string; queued: 0 };

export interface WeeklyListDeps {
  db: Kysely<Database>;
  now: () => Date;
  config: Config;
}

/**
 * The week's events as the list shows them: every event overlapping the club week (Monday 00:00 to the
 * next Monday 00:00, club time), in start order. Cancelled ones stay in the list, marked as cancelled:
 * a member who planned on one learns it is off; their places are not shown. Places left count
 * subscribers and their guests, as the week screen does.
 */
async function weekEvents(db: Kysely<Database>, monday: string): Promise<WeeklyEvent[]> {
  const zone = currentClub().timezone;
  const rows = await listEventsBetween(
    db,
    clubDayStart(monday, zone),
    clubDayStart(shiftDay(monday, 7), zone),
  );
  return (await loadEventDtos(db, rows)).map((event) => ({
    modelName: eventTitle(event),
    start: new Date(event.start_date),
    end: new Date(event.end_date),
    place: addressLine(event),
    placesLeft: event.subscriber_is_infinite
      ? null
      : Math.max(0, event.max_subscribers - event.subcribers_count),
    isCancelled: event.is_cancelled,
    // Each event links to its own sheet.
    link: `${currentClub().publicUrl}${eventPath(event.uuid_event)}`,
  }));
}

/**
 * The weekly event list of the club week `now` falls in, queued once per week (docs/rules.md#mails): to each member
 * whose preference is on, while the admin switch is on, in their language. The week's row
 * in weekly_list_runs is taken in the same transaction as the queueing; when it already existed nothing
 * is queued, so concurrent processes, the schedule and hand runs send one list a week between them.
 * The caller kicks the mail worker after this resolves (the rows are committed then).
 */
export async function sendWeeklyList(deps: WeeklyListDeps): Promise<WeeklyListResult> {
  const at = deps.now();
  const week = currentWeek(currentClub().timezone, at);
  return deps.db.transaction().execute(async (trx): Promise<WeeklyListResult> => {
    if (!(await readSystemSwitches(trx)).weekly_event_list)
      return { status: 'switched_off', week, queued: 0 };
    if (!(await claimWeek(trx, week, at))) return { status: 'already_sent', week, queued: 0 };
    const events = await weekEvents(trx, week);
    const brand = await readClubBrand(trx, deps.config);
    const shared = {
      weekStart: week,
      events,
      timeZone: currentClub().timezone,
      slogan: (await readSetting(trx, 'slogan')) ?? DEFAULT_SLOGAN,
      logoUrl: brand.logoUrl,
      accentColour: brand.accentColour,
      preferencesUrl: `${currentClub().publicUrl}${preferencesPath}`,
    };
    const recipients = await usersWithPreferenceOn(trx, 'weekly_event_list');
    const queued = await notify(
      { config: deps.config, now: () => at },
      trx,
      'weekly_event_list',
      recipients,
      () => shared,
    );
    await recordRecipients(trx, week, queued);
    return { status: 'queued', week, queued };
  });
}
