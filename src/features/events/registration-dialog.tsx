import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { eventNotes, eventTitle } from '@common/rules/event-words';
import { factsOf, isPast } from '@common/rules/events';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshEvent } from '../../data/events';
import { useIsOnline } from '../../data/sync-status';
import { EventDatesText } from '../../ui/event-dates';
import { ModalDialog } from '../../ui/modal-dialog';
import { LazyCommentThread } from './comments/lazy-thread';
import styles from './dialog.module.css';
import { countText, organiserName } from './event-text';
import { ParticipationSections } from './participation-sections';

/**
 * The registration popup: the event, the equipment choice, the member's moves and guests. Opened online, the
 * event is read again from the server: places, who's coming and whether it still takes place may have changed
 * since the week was read, and the member decides on them here. The cached copy shows meanwhile.
 */
export function RegistrationDialog({
  event,
  user,
  onClose,
}: {
  event: EventDto;
  user: User;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const uuid = event.uuid_event;
  useEffect(() => {
    if (isOnline) void refreshEvent(uuid).catch(() => undefined);
  }, [uuid, isOnline]);
  const now = new Date();
  const facts = factsOf(event);
  const address = [event.street, [event.zip_code, event.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <ModalDialog title={eventTitle(event)} onClose={onClose}>
      {() => (
        <div className={styles.body}>
          {isPast(facts, now) && <p className={styles.notice}>{t('registration.past_notice')}</p>}
          {facts.isCancelled && <p className={styles.notice}>{t('registration.cancelled_notice')}</p>}
          {eventNotes(event) && <p className={`${styles.hint} ${styles.notes}`}>{eventNotes(event)}</p>}
          <dl className={styles.facts}>
            {address && (
              <>
                <dt>{t('registration.address')}</dt>
                <dd>{address}</dd>
              </>
            )}
            {event.meeting_point && (
              <>
                <dt>{t('registration.meeting_point')}</dt>
                <dd>{event.meeting_point}</dd>
              </>
            )}
            <dt>{t('registration.dates')}</dt>
            <dd>
              <EventDatesText start={event.start_date} end={event.end_date} />
            </dd>
            <dt>{t('registration.count')}</dt>
            <dd data-testid="registration-count">{countText(event)}</dd>
            {organiserName(event) && (
              <>
                <dt>{t('registration.organiser')}</dt>
                <dd>{organiserName(event)}</dd>
              </>
            )}
          </dl>
          {event.location && (
            <p className={styles.hint}>
              <a href={event.location} target="_blank" rel="noopener noreferrer">
                {t('registration.itinerary')}{' '}
                <span className={styles.hidden}>{t('registration.new_tab')}</span>
              </a>
            </p>
          )}
          <ParticipationSections event={event} user={user} />
          <LazyCommentThread event={event} user={user} />
        </div>
      )}
    </ModalDialog>
  );
}
