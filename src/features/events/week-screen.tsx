import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { askedWeek, clubDayOf, shiftDay } from '@common/rules/club-time';
import { dayHeading, dayLabel } from '@common/rules/date-display';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { currentWeek, showWeek, useEventMarks, useWeekEvents, useWeekWasRead } from '../../data/events';
import { useHiddenEvents } from '../../data/hidden-events';
import { useClubTimeZone } from '../../data/settings';
import { holdReadsUntilWeekShown, markWeekShown, useIsOnline } from '../../data/sync-status';
import { loadLaterTexts } from '../../i18n/later-texts';
import { useCurrentUser } from '../../state/session';
import { isWelcomeDue, markWelcomeSeen } from '../../state/welcome';
import { useGuardedChildren } from './children-lines';
import { EventRow, type RowContext } from './event-row';
import styles from './week-screen.module.css';
import { openingDay, useWeekOpening } from './week-scroll';

/** The welcome after the first password: its own chunk, with its texts, shown once. */
const WelcomeDialog = lazy(() =>
  Promise.all([import('./welcome-dialog'), loadLaterTexts()]).then(([m]) => ({ default: m.WelcomeDialog })),
);

/** The week's events by the club day they start on, in order (events come sorted by start). */
function byDay(events: EventDto[], zone: string): Array<[string, EventDto[]]> {
  const days = new Map<string, EventDto[]>();
  for (const event of events) {
    const day = clubDayOf(new Date(event.start_date), zone);
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  return [...days];
}

/** Home: the club week's events, from the cache. */
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
  const monday = askedWeek(params.get('week'), zone);
  const setMonday = (day: string) => setParams(day === currentWeek(zone) ? {} : { week: day });
  // `&event=`: the event a link opened (`/event/:uuid`); its popup shows until closed.
  const linked = params.get('event');
  const closeLinked = () =>
    setParams(monday === currentWeek(zone) ? {} : { week: monday }, { replace: true });
  const inCache = useWeekEvents(monday, zone);
  // « Retirer de mon agenda » took a cancelled event out of this member's week here (a link still opens it).
  const hidden = useHiddenEvents(user.id);
  const cached =
    hidden.size === 0
      ? inCache
      : inCache?.filter((e) => !hidden.has(e.uuid_event) || e.uuid_event === linked);
  const wasRead = useWeekWasRead(monday);
  const isOnline = useIsOnline();
  // An empty cache is not an empty week: until this week was read once, the list is still loading.
  const events = cached?.length === 0 && wasRead !== true ? undefined : cached;
  const sunday = shiftDay(monday, 6);
  const isCurrentWeek = monday === currentWeek(zone);
  const from = dayLabel(monday, i18n.language);
  const to = dayLabel(sunday, i18n.language);
  const today = clubDayOf(new Date(), zone);
  const [isWelcoming, setIsWelcoming] = useState(isWelcomeDue);
  const sectionRef = useRef<HTMLElement>(null);
  const days = events ? byDay(events, zone) : [];
  const rowContext: RowContext = {
    marks: useEventMarks(events?.map((e) => e.uuid_event) ?? [], user.id),
    guarded: useGuardedChildren(user.id, today),
    zone,
  };
  useWeekOpening(
    sectionRef,
    monday,
    // An empty week has nothing to place yet (a first read may store the week before its events).
    events !== undefined && events.length > 0,
    openingDay(
      days.map(([day]) => day),
      today,
      isCurrentWeek,
    ),
  );

  useEffect(() => {
    showWeek(monday);
  }, [monday]);
  // Until the week's events are in a committed frame, the reads that follow the week wait (data/sync-status.ts).
  const isShown = events !== undefined;
  useEffect(() => {
    if (!isShown) return holdReadsUntilWeekShown();
    markWeekShown();
    return undefined;
  }, [isShown]);

  return (
    // data-week: what app/week-snapshot.ts keeps for the next cold start, once the week is shown.
    <section ref={sectionRef} data-week={monday} data-week-state={events === undefined ? 'loading' : 'shown'}>
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
      {isWelcoming && (
        <Suspense fallback={null}>
          <WelcomeDialog
            onClose={() => {
              markWelcomeSeen();
              setIsWelcoming(false);
            }}
          />
        </Suspense>
      )}
      {!isCurrentWeek && events?.length !== 0 && (
        <p className={styles.back}>
          <button type="button" className="button" onClick={() => setMonday(currentWeek(zone))}>
            {t('events.back_to_current_week')}
          </button>
        </p>
      )}
      {events === undefined && (
        <p role="status" className="empty-week">
          {cached !== undefined && wasRead === false && !isOnline
            ? t('events.week_not_read_offline')
            : t('events.week_loading')}
        </p>
      )}
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
      {events &&
        events.length > 0 &&
        // Day headings: the week reads at a glance, today marked in words, not colour alone.
        days.map(([day, dayEvents]) => (
          <div key={day} className={styles.day}>
            <h2 data-day={day} className={`${styles.heading}${day === today ? ` ${styles.today}` : ''}`}>
              {dayHeading(day, i18n.language)}
              {day === today && <span className={styles.todayMark}>{t('events.today')}</span>}
            </h2>
            <ul className="event-list">
              {dayEvents.map((event) => (
                <EventRow
                  key={event.uuid_event}
                  event={event}
                  user={user}
                  context={rowContext}
                  isLinked={event.uuid_event === linked}
                  onLinkClosed={closeLinked}
                />
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
