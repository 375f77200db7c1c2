import { clubWallClock } from './club-time';

// Short weekday names as Intl writes them in fr-FR and en-GB (the app's two languages), Sunday first: the
// dates of a week are plain digits, so a screen shows them without loading Intl's locale data.
const WEEKDAYS: Record<'fr' | 'en', readonly string[]> = {
  fr: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

/** Dates dd/MM/yy and times HH:mm, from a wall clock (`yyyy-mm-ddTHH:mm…`). */
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

// Full weekday and month names for the week's day headings, as fr-FR and en-GB write them.
const LONG_WEEKDAYS: Record<'fr' | 'en', readonly string[]> = {
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
const MONTHS: Record<'fr' | 'en', readonly string[]> = {
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** A day heading of the week: "mardi 1 décembre", "Tuesday 1 December" (a club day: no zone applies). */
export function dayHeading(day: string, language: string): string {
  const lang = language === 'en' ? 'en' : 'fr';
  const date = new Date(`${day}T12:00:00.000Z`);
  return `${LONG_WEEKDAYS[lang][date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[lang][date.getUTCMonth()]}`;
}
