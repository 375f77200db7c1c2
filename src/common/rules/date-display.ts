import { clubDayOf } from './club-time';

type PartKind = 'date' | 'time' | 'weekday';

const PART_OPTIONS: Record<PartKind, Intl.DateTimeFormatOptions> = {
  date: { day: '2-digit', month: '2-digit', year: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  weekday: { weekday: 'short' },
};

// Making an Intl.DateTimeFormat costs far more than using one (it loads locale and zone data), and a week
// shows three per date of every event on each render: one formatter per kind, locale and zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function format(kind: PartKind, instant: Date, locale: string, timeZone: string): string {
  const key = `${kind} ${locale} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { timeZone, ...PART_OPTIONS[kind] });
    formatters.set(key, found);
  }
  return found.format(instant);
}

/** Product-spec §2: dates dd/MM/yy and times HH:mm, in the club's time zone. */
function parts(instant: Date, language: string, timeZone: string) {
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  return {
    date: format('date', instant, locale, timeZone),
    time: format('time', instant, locale, timeZone),
    weekday: format('weekday', instant, locale, timeZone),
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
  const a = parts(start, language, timeZone);
  const b = parts(end, language, timeZone);
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  const duration = `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;
  return {
    isSameDay: clubDayOf(start, timeZone) === clubDayOf(end, timeZone),
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
  const noon = new Date(`${day}T12:00:00Z`);
  const { weekday, date } = parts(noon, language, 'UTC');
  return `${weekday} ${date}`;
}
