import { clubDayOf, weekStart } from '@common/rules/club-time';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { useLinkedEvent } from '../../data/event-link';
import { useClubTimeZone } from '../../data/settings';

/**
 * `/event/:uuid`, the link mails and pushes carry: opens the event's sheet on its week. Signed out, the guard
 * signs in first and comes back here; the installed app opens it too (the service worker serves the app for
 * every navigation). A link to the thread (`#comments`, docs/rules.md#talking-around-an-event) keeps its
 * anchor, and the sheet's thread scrolls into view.
 */
export function EventLinkScreen() {
  const { uuid = '' } = useParams();
  const { hash } = useLocation();
  const { t } = useTranslation();
  const zone = useClubTimeZone();
  const { event, problem } = useLinkedEvent(uuid);

  if (event && zone) {
    const monday = weekStart(clubDayOf(new Date(event.start_date), zone));
    return <Navigate replace to={`/?week=${monday}&event=${event.uuid_event}${hash}`} />;
  }
  if (problem) {
    return (
      <section className="empty-week">
        <h1>{t(problem === 'not_found' ? 'event_link.not_found_title' : 'event_link.unreachable_title')}</h1>
        <p>{t(problem === 'not_found' ? 'event_link.not_found_text' : 'event_link.unreachable_text')}</p>
        <Link className="button" to="/">
          {t('event_link.back_to_week')}
        </Link>
      </section>
    );
  }
  return (
    <p className="empty-week" role="status">
      {t('event_link.loading')}
    </p>
  );
}
