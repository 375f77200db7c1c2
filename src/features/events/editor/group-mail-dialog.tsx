import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDto } from '../../../common/contract/event';
import { LIMITS } from '../../../common/contract/limits';
import { sendGroupMail } from '../../../data/event-writes';
import { useIsOnline } from '../../../data/sync-status';
import { errorText } from '../../../i18n/error-text';
import { showToast } from '../../../state/toast-store';
import { ModalDialog } from '../../../ui/modal-dialog';
import styles from './editor.module.css';
import { FormNotes } from './form-notes';

/** The group email to the event's subscribers (product-spec §5: subject and message of 5 characters or more). */
export function GroupMailDialog({ event, onClose }: { event: EventDto; onClose: () => void }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const offlineId = useId();
  const isComplete =
    subject.trim().length >= LIMITS.groupSubjectMin && message.trim().length >= LIMITS.groupMessageMin;

  async function send(e: FormEvent, close: () => void) {
    e.preventDefault();
    if (!isComplete || isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      await sendGroupMail(event.uuid_event, subject.trim(), message.trim());
      showToast('success', 'eventForm.mail_sent');
      setIsBusy(false);
      close();
    } catch (failure) {
      // §8 only logs it; a toast and the reason here, so the organiser knows it did not go.
      const reason = errorText(t, failure);
      setError(reason);
      showToast('error', 'eventForm.mail_failed');
      setIsBusy(false);
    }
  }

  return (
    <ModalDialog
      title={`${t('eventForm.mail_title')} — ${event.model_name}`}
      onClose={onClose}
      isBusy={isBusy}
    >
      {(close) => (
        <form className={styles.form} onSubmit={(e) => void send(e, close)} noValidate>
          <div className={styles.field}>
            <label htmlFor="mail-subject">{t('eventForm.mail_subject')}</label>
            <input
              id="mail-subject"
              value={subject}
              maxLength={LIMITS.groupSubjectMax}
              aria-describedby={hintId}
              onChange={(e) => setSubject(e.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="mail-message">{t('eventForm.mail_message')}</label>
            <textarea
              id="mail-message"
              value={message}
              maxLength={LIMITS.groupMessageMax}
              aria-describedby={hintId}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <p id={hintId} className={styles.hint}>
            {t('eventForm.mail_min', { count: LIMITS.groupSubjectMin })}
          </p>
          <FormNotes error={error} isOnline={isOnline} offlineId={offlineId} />
          <div className={styles.buttons}>
            <button
              type="submit"
              className="button button-primary"
              disabled={!isComplete || isBusy || !isOnline}
              aria-describedby={isOnline ? undefined : offlineId}
            >
              {isBusy ? t('eventForm.busy') : t('eventForm.mail_send')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
