/**
 * Day arithmetic for the member's file (docs/rules.md#members-file), on club days `yyyy-mm-dd`. A period of
 * months ends on the same calendar day that many months later, excluded; where that day does not exist
 * (29 February in a common year, 31 in a shorter month) it is the 1st of the month after. So a CACI of
 * 2028-02-29 is under one year up to 2029-02-28 included, and no longer on 2029-03-01.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const parts = (day: string): [number, number, number] => {
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  return [y, m, d];
};
const nextMonthFirst = (year: number, month: number) =>
  month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1)}-01`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `day` moved by `days` days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/** The same calendar day `months` later; a day the month lacks becomes the 1st of the month after. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  if (d > daysInMonth(year, month)) return nextMonthFirst(year, month);
  return `${pad(year, 4)}-${pad(month)}-${pad(d)}`;
}

/** The last day an item dated `date` is still "under `months` months" (the day itself counts). */
export const lastDayUnder = (date: string, months: number): string => addDays(addMonths(date, months), -1);

/** The day `MM-DD` of `year`; 29 February in a common year is 1 March. */
export function dayOf(year: number, monthDay: string): string {
  const [m = 1, d = 1] = monthDay.split('-').map(Number);
  return d > daysInMonth(year, m) ? nextMonthFirst(year, m) : `${pad(year, 4)}-${pad(m)}-${pad(d)}`;
}

/** A date the server refuses: after the club's today (both club days). */
export const isFutureDay = (day: string, today: string): boolean => day > today;

/** The season ("2026-2027") holding `day`, seasons starting on `seasonStart` (`MM-DD`). */
export function seasonOf(day: string, seasonStart: string): string {
  const year = Number(day.slice(0, 4));
  const first = day >= dayOf(year, seasonStart) ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** The season before `season`. */
export const previousSeason = (season: string): string => {
  const first = Number(season.slice(0, 4)) - 1;
  return `${first}-${first + 1}`;
};

/** The first day of `season`. */
export const seasonFirstDay = (season: string, seasonStart: string): string =>
  dayOf(Number(season.slice(0, 4)), seasonStart);

/** The last day of `season`: the day before the next one starts. */
export const seasonLastDay = (season: string, seasonStart: string): string =>
  addDays(dayOf(Number(season.slice(0, 4)) + 1, seasonStart), -1);

/**
 * The last day a licence of `season` still counts: the first `graceEnd` on or after its season's last day.
 * A grace end of the day before the season start means no grace at all.
 */
export function graceLastDay(season: string, seasonStart: string, graceEnd: string): string {
  const last = seasonLastDay(season, seasonStart);
  const year = Number(last.slice(0, 4));
  const candidate = dayOf(year, graceEnd);
  return candidate >= last ? candidate : dayOf(year + 1, graceEnd);
}
