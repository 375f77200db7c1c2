import type { EventDto } from '@common/contract/event';
import type { User } from '@common/contract/user';
import { eventTitle } from '@common/rules/event-words';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeSubscription, joinWaitingList } from '../../data/events';
import { ModalDialog } from '../../ui/modal-dialog';
import styles from './dialog.module.css';
import { KitChoice } from './kit-choice';
import { goneStuffName } from './kit-text';
import { type Refusal, useRunMove } from './run-move';

/**
 * The quick booking of an event with equipment: which kit, « J'ai mon propre matériel » first in each kind
 * (docs/rules.md#kit). The dialog waits for the server's word: an item gone meanwhile is named here, nothing is
 * booked, and the picker shows what is left now (the refusal reads the event again).
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
  const [chosen, setChosen] = useState<string[]>([]);
  const [isBusy, setBusy] = useState(false);
  const [gone, setGone] = useState<string | null>(null);
  const isChild = actor.id !== user.id;
  const childName = user.first_name ?? user.username;
  const sayGone = (refusal: Refusal) => {
    const name = goneStuffName(event.stuffs_available, refusal);
    if (name) setGone(t('memberKit.gone_booking', { name }));
    return name !== null;
  };
  const confirm = async (close: () => void) => {
    setBusy(true);
    setGone(null);
    const options = { successText, onRefused: sayGone };
    const delivery = await (isWaiting
      ? run(
          joinWaitingList(user, event.uuid_event, chosen, actor),
          'subscribe_waiting_listed',
          'waiting_failed',
          options,
        )
      : run(
          changeSubscription(user, event.uuid_event, true, chosen, actor),
          'subscribe_success',
          'subscribe_failed',
          {
            ...options,
            onFull,
          },
        ));
    setBusy(false);
    const isGone =
      delivery?.outcome === 'refused' && goneStuffName(event.stuffs_available, delivery) !== null;
    if (!isGone) close();
  };
  return (
    <ModalDialog
      title={`${t('quick_subscribe.title')} · ${eventTitle(event)}${isChild ? ` · ${childName}` : ''}`}
      onClose={onClose}
      isBusy={isBusy}
    >
      {(close) => (
        <div className={styles.body}>
          <KitChoice
            stuffs={event.stuffs_available}
            value={chosen}
            isWish={isWaiting}
            onChange={(next) => {
              setGone(null);
              setChosen(next);
            }}
            {...(isChild ? { owner: childName } : {})}
          />
          {gone && (
            <p className={styles.error} role="alert">
              {gone}
            </p>
          )}
          <div className={styles.buttons}>
            <button
              type="button"
              className="button button-primary"
              disabled={isBusy}
              onClick={() => void confirm(close)}
            >
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
