import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { eventTitle } from '@common/rules/event-words';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeSubscription, joinWaitingList } from '../../data/events';
import { ModalDialog } from '../../ui/modal-dialog';
import styles from './dialog.module.css';
import { useRunMove } from './run-move';
import { StuffChoice } from './stuff-choice';

/**
 * The quick booking of an event with equipment: which equipment, "J'ai mon propre matériel" among the
 * choices, and the rule that it cannot change afterwards, said before the member confirms.
 */
export function QuickSubscribeDialog({
  event,
  user,
  actor = user,
  successText,
  isWaiting,
  onFull,
  onClose,
}: {
  event: EventDto;
  /** Who the place is for; `actor`, the signed-in guardian when that is their child. */
  user: User;
  actor?: User;
  successText?: string;
  isWaiting: boolean;
  /** The booking arrived after the last place went: the row offers the waiting list. */
  onFull: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useRunMove();
  const [chosen, setChosen] = useState('');
  const confirm = (close: () => void) => {
    const stuff = chosen || null;
    void (isWaiting
      ? run(
          joinWaitingList(user, event.uuid_event, stuff, actor),
          'subscribe_waiting_listed',
          'waiting_failed',
          undefined,
          successText,
        )
      : run(
          changeSubscription(user, event.uuid_event, true, stuff, actor),
          'subscribe_success',
          'subscribe_failed',
          onFull,
          successText,
        ));
    close();
  };
  return (
    <ModalDialog
      title={`${t('quick_subscribe.title')} · ${eventTitle(event)}${actor.id === user.id ? '' : ` · ${user.first_name ?? user.username}`}`}
      onClose={onClose}
    >
      {(close) => (
        <div className={styles.body}>
          <StuffChoice stuffs={event.stuffs_available} value={chosen} isLocked={false} onChange={setChosen} />
          <p className={styles.hint}>{t('quick_subscribe.locked')}</p>
          <div className={styles.buttons}>
            <button type="button" className="button button-primary" onClick={() => confirm(close)}>
              {t(isWaiting ? 'quick_subscribe.confirm_waiting' : 'quick_subscribe.confirm')}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

/**
 * The last place went between the member's look and their tap: the waiting list is offered, with the place in
 * line they would take.
 */
export function FullEventOffer({
  event,
  onWait,
  onClose,
}: {
  event: EventDto;
  onWait: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const position = t('attendees.position', { count: event.waiting_list.length + 1, ordinal: true });
  return (
    <ModalDialog title={t('quick_subscribe.full_title')} role="alertdialog" onClose={onClose}>
      {(close) => (
        <div className={styles.body}>
          <p>{t('quick_subscribe.full_text', { position })}</p>
          <div className={styles.buttons}>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                close();
                onWait();
              }}
            >
              {t('quick_subscribe.confirm_waiting')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('quick_subscribe.full_no')}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
