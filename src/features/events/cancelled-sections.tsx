import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMyGuests, type Guest } from '../../data/guests';
import { hideEvent, unhideEvent } from '../../data/hidden-events';
import { useIsOnline } from '../../data/sync-status';
import { showToast } from '../../state/toast-store';
import { AttendeesSection } from './attendees/attendees-section';
import styles from './dialog.module.css';
import { organiserName } from './event-text';
import { showActionToast } from './held-move';

/**
 * The host's guests the cancellation could not reach: mails went to guests who gave an address
 * (docs/rules.md#events), so those without one are named, for the host to tell. Read online only.
 */
function useUntoldGuests(event: EventDto, userId: string, isOnline: boolean): Guest[] {
  const hasGuests = event.invite_list.some((g) => g.uuid_user === userId);
  const [guests, setGuests] = useState<Guest[]>([]);
  useEffect(() => {
    let isCurrent = true;
    if (!isOnline || !hasGuests) return;
    fetchMyGuests(event.uuid_event, userId).then(
      (list) => isCurrent && setGuests(list),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [event.uuid_event, userId, isOnline, hasGuests]);
  return guests.filter((guest) => !guest.email);
}

/**
 * A cancelled event's sheet (docs/rules.md#events): why, in the organiser's words; the host's guests to tell
 * themselves; who was coming; and nothing to do but « Retirer de mon agenda », which hides the event from the
 * member's week on this device (with « Annuler » for a few seconds).
 */
export function CancelledSections({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const untold = useUntoldGuests(event, user.id, isOnline);
  const name = organiserName(event);
  const remove = () => {
    hideEvent(user.id, event.uuid_event);
    showActionToast('success', 'registration.removed_from_agenda', {
      labelKey: 'answer.undo',
      run: () => {
        unhideEvent(user.id, event.uuid_event);
        showToast('success', 'answer.undo_done');
      },
    });
  };
  return (
    <>
      {event.cancel_message && (
        <section className={styles.section} data-testid="cancel-message">
          <h3>
            {name ? t('registration.cancel_message_from', { name }) : t('registration.cancel_message_title')}
          </h3>
          <blockquote className={`${styles.notes} ${styles.quote}`}>{event.cancel_message}</blockquote>
        </section>
      )}
      {untold.length > 0 && (
        <section className={styles.section} data-testid="untold-guests">
          <h3>{t('registration.guests_to_tell')}</h3>
          <ul>
            {untold.map((guest) => (
              <li key={guest.id}>
                {t('registration.guest_without_email', { name: `${guest.first_name} ${guest.last_name}` })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className={styles.buttons}>
        <button type="button" className="button" onClick={remove}>
          {t('registration.remove_from_agenda')}
        </button>
      </div>
      <AttendeesSection event={event} user={user} />
    </>
  );
}
