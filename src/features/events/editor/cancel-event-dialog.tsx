import type { EventDto } from '@common/contract/event';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshEvent, useEvent } from '../../../data/events';
import { useIsOnline } from '../../../data/sync-status';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CancelMessageField } from './cancel-message-field';
import styles from './editor.module.css';

/** Who a cancellation tells (docs/rules.md#events): the members in, and those waiting. */
export const toldOfCancellation = (event: EventDto): number =>
  new Set([...event.subscribers_with_stuff.map((s) => s.id), ...event.waiting_list.map((w) => w.uuid_user)])
    .size;

/**
 * Cancelling one event: asked first, with how many people will be told and an optional word for them, which
 * goes into the cancellation's mail and push. "Retour" has the focus. Online, the event is read again from
 * the server first: a member who subscribed since the week was read is told, so the count and the message
 * box must not come from the cached copy.
 */
export function CancelEventDialog({
  event,
  question,
  onConfirm,
  onClose,
}: {
  event: EventDto;
  /** Names the event: "Annuler Kayak de mer du 06/01/27 ?" */
  question: string;
  onConfirm: (message: string | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const isOnline = useIsOnline();
  const uuid = event.uuid_event;
  const [isChecking, setChecking] = useState(isOnline);
  useEffect(() => {
    if (!isOnline) return setChecking(false);
    let isOpen = true;
    setChecking(true);
    void refreshEvent(uuid)
      .catch(() => undefined)
      .finally(() => {
        if (isOpen) setChecking(false);
      });
    return () => {
      isOpen = false;
    };
  }, [uuid, isOnline]);
  const told = toldOfCancellation(useEvent(uuid) ?? event);
  return (
    <ConfirmDialog
      title={t('cancelEvent.title')}
      message={question}
      confirmLabel={t('series.cancel_confirm')}
      cancelLabel={t('series.back')}
      onConfirm={() => onConfirm(message.trim() || undefined)}
      onClose={onClose}
    >
      <p className={styles.hint} role="status">
        {isChecking
          ? t('cancelEvent.checking')
          : told === 0
            ? t('cancelEvent.told_none')
            : t('cancelEvent.told', { count: told })}
      </p>
      {(told > 0 || isChecking) && <CancelMessageField value={message} onChange={setMessage} />}
    </ConfirmDialog>
  );
}
