import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeSubscription, joinWaitingList, useHasPendingWrite } from '../../data/events';
import { useIsOnline } from '../../data/sync-status';
import styles from './dialog.module.css';
import { registrationMoves } from './quick-actions';
import { useRunMove } from './run-move';
import { SeriesRegistration } from './series-registration';
import { StuffChoice } from './stuff-choice';

/** The equipment choice and the member's own moves; queued through the outbox, so they work offline. */
export function RegistrationForm({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const hasPendingWrite = useHasPendingWrite(event.uuid_event);
  const run = useRunMove();
  const offlineId = useId();
  const mine = event.subscribers_with_stuff.find((s) => s.id === user.id);
  const [chosen, setChosen] = useState('');
  const moves = registrationMoves(event, user.id, new Date());
  const stuff = chosen || null;
  const hasMove = Object.values(moves).some(Boolean);
  const described = !isOnline && hasMove ? offlineId : undefined;
  const leave = () =>
    void run(changeSubscription(user, event.uuid_event, false), 'unsubscribe_success', 'unsubscribe_failed');

  return (
    <>
      {event.stuffs_available.length > 0 && (
        <StuffChoice
          stuffs={event.stuffs_available}
          value={mine ? (mine.uuid_stuff ?? '') : chosen}
          isLocked={mine !== undefined || (!moves.canSubscribe && !moves.canJoinWaitingList)}
          lockedHint={mine ? t('registration.stuff_locked') : undefined}
          onChange={setChosen}
        />
      )}
      <div className={styles.buttons}>
        {moves.canSubscribe && (
          <button
            type="button"
            className="button button-primary"
            aria-describedby={described}
            onClick={() =>
              void run(
                changeSubscription(user, event.uuid_event, true, stuff),
                'subscribe_success',
                'subscribe_failed',
              )
            }
          >
            {t('events.subscribe')}
          </button>
        )}
        {moves.canUnsubscribe && (
          <button type="button" className="button" aria-describedby={described} onClick={leave}>
            {t('events.unsubscribe')}
          </button>
        )}
        {moves.canJoinWaitingList && (
          <button
            type="button"
            className="button"
            aria-describedby={described}
            onClick={() =>
              void run(
                joinWaitingList(user, event.uuid_event, stuff),
                'subscribe_waiting_listed',
                'waiting_failed',
              )
            }
          >
            {t('events.join_waiting_list')}
          </button>
        )}
        {moves.canLeaveWaitingList && (
          <button type="button" className="button" aria-describedby={described} onClick={leave}>
            {t('events.leave_waiting_list')}
          </button>
        )}
      </div>
      {event.uuid_series && (
        <SeriesRegistration uuidSeries={event.uuid_series} user={user} stuffUuid={stuff} />
      )}
      {described && (
        <p id={offlineId} className={styles.hint}>
          {t('registration.queued_offline')}
        </p>
      )}
      <p className={styles.hint} role="status">
        {hasPendingWrite ? t('registration.pending_write') : ''}
      </p>
    </>
  );
}
