import { eventDates } from '@common/rules/date-display';
import { useTranslation } from 'react-i18next';
import { useClubTimeZone } from '../data/settings';

export function EventDatesText({ start, end }: { start: string; end: string }) {
  const { t, i18n } = useTranslation();
  const timeZone = useClubTimeZone();
  if (!timeZone) return null;
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
