import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { shiftDay, weekStart } from '../../common/rules/club-time';
import { dayLabel } from '../../common/rules/date-display';
import { useWeekEvents } from '../../data/hooks';
import { showWeek } from '../../data/sync';
import { currentWeek } from '../../data/sync-engine';
import { useSessionStore } from '../../state/session-store';
import { EventRow } from './event-row';

/** Interim home (issue 5): the week's events from the cache; the full home of §2 replaces it later. */
export function WeekScreen() {
  const { t, i18n } = useTranslation();
  const user = useSessionStore((s) => s.currentUser);
  // The week is in the address (`/?week=yyyy-mm-dd`), so a week can be linked to and survives a reload.
  const [params, setParams] = useSearchParams();
  const asked = params.get('week');
  const monday =
    asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked))
      ? weekStart(asked)
      : currentWeek();
  const setMonday = (day: string) => setParams(day === currentWeek() ? {} : { week: day });
  const events = useWeekEvents(monday);
  const sunday = shiftDay(monday, 6);

  useEffect(() => {
    showWeek(monday);
  }, [monday]);

  if (!user) return null;
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
        <span className="week-range">{`${dayLabel(monday, i18n.language)} – ${dayLabel(sunday, i18n.language)}`}</span>
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
          <button type="button" className="button" onClick={() => setMonday(currentWeek())}>
            {t('events.back_to_current_week')}
          </button>
        </div>
      )}
      {events && events.length > 0 && (
        <ul className="event-list">
          {events.map((event) => (
            <EventRow
              key={event.uuid_event}
              event={event}
              user={user}
              canOpenChecklist={user.role_name === 'SuperAdmin' || event.creator.id === user.id}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
