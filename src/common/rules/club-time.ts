/**
 * Club days in the club's time zone (docs/rules.md#club-settings), with no library: Intl gives the zone's
 * offset at an instant, and a local midnight is found by correcting a UTC guess with it (twice, across DST).
 * Every date and time is read from that one offset, so a zone needs a single Intl formatter, and none at all
 * where a table of its offsets is known (zone-offsets.ts: a client's first screen).
 */
import { buildZoneOffsets, tableOffset, type ZoneOffsets } from './zone-offsets';

// Building an Intl.DateTimeFormat costs about a millisecond (the first one of a page loads the locale's and
// zone's data: tens of milliseconds on a phone), far more than using one: one per zone, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The zone's offset by Intl (ms to add to UTC), to the second. */
function intlOffsetMs(instant: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const knownTables = new Map<string, ZoneOffsets>();

/** Lets club times in `table.zone` be read from it, within its span (a client's kept table). */
export function rememberZoneOffsets(table: ZoneOffsets): void {
  knownTables.set(table.zone, table);
}

/** The table of `timeZone` from `from` to `to` (ms since epoch), built with Intl, to keep for a next start. */
export function zoneOffsetsOf(timeZone: string, from: number, to: number): ZoneOffsets {
  return buildZoneOffsets(timeZone, from, to, (instant) => intlOffsetMs(instant, timeZone));
}

function offsetMs(instant: number, timeZone: string): number {
  const table = knownTables.get(timeZone);
  return (table && tableOffset(table, instant)) ?? intlOffsetMs(instant, timeZone);
}

/** The club's wall clock at an instant, as an ISO string (`yyyy-mm-ddTHH:mm:ss.sssZ`, the Z meaning nothing). */
export function clubWallClock(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetMs(instant.getTime(), timeZone)).toISOString();
}

/** The instant a club day (`yyyy-mm-dd`) starts, 00:00 in the club's zone. */
export function clubDayStart(day: string, timeZone: string): Date {
  return clubDateTime(day, '00:00', timeZone);
}

/** The club day `days` after `day` (before, when negative). */
export function shiftDay(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The club day after `day`. */
export const nextDay = (day: string): string => shiftDay(day, 1);

/** The club day (`yyyy-mm-dd`) an instant falls on. */
export function clubDayOf(instant: Date, timeZone: string): string {
  return clubWallClock(instant, timeZone).slice(0, 10);
}

/** The Monday starting the club week of `day` (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return new Date(Date.UTC(year, month - 1, date - ((weekday + 6) % 7))).toISOString().slice(0, 10);
}

/**
 * The Monday of the week an address asks for (`/?week=yyyy-mm-dd`, any day of it), or of this club week
 * when it asks none or something that is no date. The week screen and the reads sent at page load agree.
 */
export function askedWeek(asked: string | null, timeZone: string, now = new Date()): string {
  return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked))
    ? weekStart(asked)
    : currentWeek(timeZone, now);
}

/** The club days a week's read covers: the week before, this one and the next, so paging is instant. */
export function weekReadRange(monday: string): { from: string; to: string } {
  return { from: shiftDay(monday, -7), to: shiftDay(monday, 13) };
}

/** Whether `name` is an IANA time zone this runtime knows (a bad one would break every date shown). */
export function isTimeZone(name: string): boolean {
  // A remembered table was built by Intl (here, or by the server, which answers for its club's zone), so its
  // zone is known: a client's start checks the club's zone without loading Intl's data, as it reads its times.
  if (knownTables.has(name)) return true;
  try {
    // The formatter the club's days need anyway: checking a zone makes it, using it later costs nothing.
    formatter(name);
    return name !== '';
  } catch {
    return false;
  }
}

/** The Monday of the club week an instant falls in. */
export function currentWeek(timeZone: string, now = new Date()): string {
  return weekStart(clubDayOf(now, timeZone));
}

/** The instant a club wall-clock time (`yyyy-mm-dd`, `HH:mm`) names, in the club's zone (the event form's fields). */
export function clubDateTime(day: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const guess = Date.UTC(year, month - 1, date, hour, minute);
  let instant = guess - offsetMs(guess, timeZone);
  instant = guess - offsetMs(instant, timeZone);
  return new Date(instant);
}

/** The club wall-clock time (`HH:mm`) of an instant. */
export function clubTimeOf(instant: Date, timeZone: string): string {
  return clubWallClock(instant, timeZone).slice(11, 16);
}
