/**
 * How the series screens write club days and weekdays: "mar. 06/01/27" (fr) / "Tue 06/01/27" (en), with
 * date-fns's locales. A club day (`yyyy-mm-dd`) is a calendar date: it is read as a local date, so no time
 * zone shifts it.
 */

import { WEEKDAYS, type Weekday } from '@common/contract/series';
import { clubDayOf } from '@common/rules/club-time';
import { format } from 'date-fns';
import { enGB, fr } from 'date-fns/locale';

const localeOf = (language: string) => (language.startsWith('en') ? enGB : fr);

/** A club day as "mar. 06/01/27". */
export function clubDayText(day: string, language: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return format(new Date(year, month - 1, date), 'EEE dd/MM/yy', { locale: localeOf(language) });
}

/** The club day of an instant, as "mar. 06/01/27". */
export function sessionDayText(instant: string, language: string, timeZone: string): string {
  return clubDayText(clubDayOf(new Date(instant), timeZone), language);
}

/** The weekday's full name ("lundi") and its abbreviation ("lun."). */
export function weekdayNames(weekday: Weekday, language: string): { full: string; short: string } {
  // date-fns counts from Sunday; the contract from Monday.
  const index = (WEEKDAYS.indexOf(weekday) + 1) % 7;
  const { localize } = localeOf(language);
  return {
    full: localize.day(index as 0, { width: 'wide' }),
    short: localize.day(index as 0, { width: 'abbreviated' }),
  };
}

/** The contract's weekday of a club day. */
export function weekdayOf(day: string): Weekday {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  // getUTCDay counts from Sunday (0); the contract's list from Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7] ?? 'MO';
}
