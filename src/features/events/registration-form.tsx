import type { EventDto } from '@common/contract/event';
import { kitOf } from '@common/contract/kit-of';
import type { User } from '@common/contract/user';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeSubscription, joinWaitingList, useEventMarks } from '../../data/events';
import { useIsOnline } from '../../data/sync-status';
import styles from './dialog.module.css';
import { DossierNotice } from './dossier-notice';
import { dossierBlocks } from './dossier-state';
import { holdGiveUp } from './held-move';
import { KitChoice } from './kit-choice';
import { goneStuffName } from './kit-text';
import { registrationMoves } from './quick-actions';
import { type Refusal, useRunMove } from './run-move';
import { SeriesRegistration } from './series-registration';

/**
 * The kit to book and the member's own moves; queued through the outbox, so they work offline. Once
 * subscribed, the kit shows (and changes) under « Mon matériel » (my-kit.tsx, docs/rules.md#kit).
 */
export function RegistrationForm({ event, user }: { event: EventDto; user: User }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const hasPendingWrite = useEventMarks([event.uuid_event], user.id).pending.has(event.uuid_event);
  const run = useRunMove();
  const offlineId = useId();
  const dossierId = useId();
  const mine = event.subscribers_with_stuff.find((s) => s.id === user.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [gone, setGone] = useState<string | null>(null);
  const moves = registrationMoves(event, user.id, new Date());
  const asksKit = event.stuffs_available.length > 0 && (moves.canSubscribe || moves.canJoinWaitingList);
  const kit = asksKit ? chosen : [];
  const hasMove = Object.values(moves).some(Boolean);
  const described = !isOnline && hasMove ? offlineId : undefined;
  // A model that blocks on an incomplete file: no subscribing nor waiting, and the buttons say why
  // (docs/rules.md#members-file); the server refuses it all the same (409 dossier_incomplete).
  const isBlocked = dossierBlocks(event);
  const bookDescribed = isBlocked ? [dossierId, described].filter(Boolean).join(' ') : described;
  // Giving a place up waits a few seconds for « Annuler » (held-move.ts); closing the sheet keeps it going.
  const leave = () =>
    holdGiveUp(
      event.uuid_event,
      user.id,
      moves.canLeaveWaitingList ? 'answer.leave_waiting_held' : 'answer.give_up_held',
      () =>
        void run(
          changeSubscription(user, event.uuid_event, false),
          'unsubscribe_success',
          'unsubscribe_failed',
        ),
    );
  /** An item went meanwhile: said here, by name, over the picker the refreshed event updates; nothing booked. */
  const sayGone = (refusal: Refusal) => {
    const name = goneStuffName(event.stuffs_available, refusal);
    if (name) setGone(t('memberKit.gone_booking', { name }));
    return name !== null;
  };
  const book = (waiting: boolean) => {
    setGone(null);
    void (waiting
      ? run(joinWaitingList(user, event.uuid_event, kit), 'subscribe_waiting_listed', 'waiting_failed', {
          onRefused: sayGone,
        })
      : run(changeSubscription(user, event.uuid_event, true, kit), 'subscribe_success', 'subscribe_failed', {
          onRefused: sayGone,
        }));
  };

  return (
    <>
      {asksKit && (
        <KitChoice
          stuffs={event.stuffs_available}
          value={chosen}
          isWish={moves.canJoinWaitingList && !moves.canSubscribe}
          onChange={(next) => {
            setGone(null);
            setChosen(next);
          }}
        />
      )}
      <DossierNotice event={event} user={user} id={dossierId} />
      {gone && (
        <p className={styles.error} role="alert">
          {gone}
        </p>
      )}
      <div className={styles.buttons}>
        {moves.canSubscribe && (
          <button
            type="button"
            className="button button-primary"
            aria-describedby={bookDescribed}
            disabled={isBlocked}
            onClick={() => book(false)}
          >
            {t('events.subscribe')}
          </button>
        )}
        {/* Subscribed, « Je ne viens plus » under « Ma réponse » is the one answer (my-answer.tsx). */}
        {moves.canUnsubscribe && !moves.canStopComing && (
          <button type="button" className="button" aria-describedby={described} onClick={leave}>
            {t('events.unsubscribe')}
          </button>
        )}
        {moves.canJoinWaitingList && (
          <button
            type="button"
            className="button"
            aria-describedby={bookDescribed}
            disabled={isBlocked}
            onClick={() => book(true)}
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
        <SeriesRegistration
          uuidSeries={event.uuid_series}
          session={event}
          user={user}
          kit={mine ? kitOf(mine) : kit}
        />
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
