import { clubDayOf } from './club-time';

/** Product-spec §2: dates dd/MM/yy and times HH:mm, in the club's time zone. */
function parts(instant: Date, language: string, timeZone: string) {
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).format(instant);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short' }).format(instant);
  return { date, time, weekday };
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
