import { eventDates } from '@common/rules/date-display';
import { useTranslation } from 'react-i18next';
import { useClubTimeZone } from '../data/settings';

/** The event's dates in the club's time zone, once the cache has told it. */
export function EventDatesText({ start, end }: { start: string; end: string }) {
  const timeZone = useClubTimeZone();
  return timeZone ? <EventDates start={start} end={end} timeZone={timeZone} /> : null;
}

/** The event's dates in `timeZone` (a list that knows the zone passes it to each row). */
export function EventDates({ start, end, timeZone }: { start: string; end: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const d = eventDates(start, end, i18n.language, timeZone);
  return (
    <span>
      {d.isSameDay
        ? t('events.same_day', {
            weekday: d.weekday,
            date: d.startDate,
            duration: d.duration,
            from: d.startTime,
            to: d.endTime,
          })
        : t('events.multi_day', {
            fromDate: d.startDate,
            fromTime: d.startTime,
            toDate: d.endDate,
            toTime: d.endTime,
          })}
    </span>
  );
}
