import { clubWallClock } from './club-time';

// Short weekday names as Intl writes them in fr-FR and en-GB (the app's two languages), Sunday first: the
// dates of a week are plain digits, so a screen shows them without loading Intl's locale data.
const WEEKDAYS: Record<'fr' | 'en', readonly string[]> = {
  fr: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

/** Product-spec §2: dates dd/MM/yy and times HH:mm, from a wall clock (`yyyy-mm-ddTHH:mm…`). */
function parts(wallClock: string, language: string) {
  const [year = '', month = '', day = ''] = wallClock.slice(0, 10).split('-');
  const weekday = new Date(`${wallClock.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return {
    day: wallClock.slice(0, 10),
    date: `${day}/${month}/${year.slice(-2)}`,
    time: wallClock.slice(11, 16),
    weekday: WEEKDAYS[language === 'en' ? 'en' : 'fr'][weekday] ?? '',
  };
}

export interface EventDates {
  isSameDay: boolean;
  weekday: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  /** "2h30" style duration, for same-day events. */
  duration: string;
}

export function eventDates(startIso: string, endIso: string, language: string, timeZone: string): EventDates {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const a = parts(clubWallClock(start, timeZone), language);
  const b = parts(clubWallClock(end, timeZone), language);
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  const duration = `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;
  return {
    isSameDay: a.day === b.day,
    weekday: a.weekday,
    startDate: a.date,
    startTime: a.time,
    endDate: b.date,
    endTime: b.time,
    duration,
  };
}

/** The arrows' label: weekday abbreviation and dd/MM/yy of a club day (a calendar date: no zone applies). */
export function dayLabel(day: string, language: string): string {
  const { weekday, date } = parts(`${day}T12:00:00.000Z`, language);
  return `${weekday} ${date}`;
}
