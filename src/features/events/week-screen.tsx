import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { User } from '../../common/contract/user';
import { shiftDay, weekStart } from '../../common/rules/club-time';
import { dayLabel } from '../../common/rules/date-display';
import { currentWeek, showWeek, useWeekEvents } from '../../data/events';
import { useClubTimeZone } from '../../data/settings';
import { useCurrentUser } from '../../state/session';
import { EventRow } from './event-row';

/** Home (product-spec §2): the club week's events, from the cache. */
export function WeekScreen() {
  const user = useCurrentUser();
  const timeZone = useClubTimeZone();
  if (!user || !timeZone) return null;
  return <Week user={user} zone={timeZone} />;
}

/** The club's weeks are in its time zone, whatever the device's. */
function Week({ user, zone }: { user: User; zone: string }) {
  const { t, i18n } = useTranslation();
  // The week is in the address (`/?week=yyyy-mm-dd`), so a week can be linked to and survives a reload.
  const [params, setParams] = useSearchParams();
  const asked = params.get('week');
  const monday =
    asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked))
      ? weekStart(asked)
      : currentWeek(zone);
  const setMonday = (day: string) => setParams(day === currentWeek(zone) ? {} : { week: day });
  const events = useWeekEvents(monday, zone);
  const sunday = shiftDay(monday, 6);
  const isCurrentWeek = monday === currentWeek(zone);
  const from = dayLabel(monday, i18n.language);
  const to = dayLabel(sunday, i18n.language);

  useEffect(() => {
    showWeek(monday);
  }, [monday]);

  return (
    <section>
      <h1>{t('routes.home')}</h1>
      <nav className="week-nav" aria-label={t('events.week_nav')}>
        <button
          type="button"
          className="button"
          onClick={() => setMonday(shiftDay(monday, -7))}
          aria-label={t('events.previous_week')}
        >
          ‹
        </button>
        <span className="week-range">{`${from} – ${to}`}</span>
        <button
          type="button"
          className="button"
          onClick={() => setMonday(shiftDay(monday, 7))}
          aria-label={t('events.next_week')}
        >
          ›
        </button>
      </nav>
      {events === undefined && <p role="status">{t('app.loading')}</p>}
      {events?.length === 0 && (
        <div className="empty-week">
          <p>{t('events.none_found')}</p>
          <p>{t('events.period', { from, to })}</p>
          {!isCurrentWeek && (
            <button type="button" className="button" onClick={() => setMonday(currentWeek(zone))}>
              {t('events.back_to_current_week')}
            </button>
          )}
        </div>
      )}
      {events && events.length > 0 && (
        <ul className="event-list">
          {events.map((event) => (
            <EventRow key={event.uuid_event} event={event} user={user} />
          ))}
        </ul>
      )}
    </section>
  );
}
