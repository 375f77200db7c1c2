import type { EventDto } from '@common/contract/event';
import { LIMITS } from '@common/contract/limits';
import { GROUP_MAIL_AUDIENCES, type GroupMailAudience } from '@common/contract/participation';
import type { User } from '@common/contract/user';
import { eventTitle } from '@common/rules/event-words';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendGroupMail } from '../../../data/event-writes';
import { useIsOnline } from '../../../data/sync-status';
import { errorText } from '../../../i18n/error-text';
import { showToast } from '../../../state/toast-store';
import { ModalDialog } from '../../../ui/modal-dialog';
import styles from './editor.module.css';
import { FormNotes } from './form-notes';

/** How many each choice reaches: registered members and the waiting list (guests are not written to). */
const audienceCount = (event: EventDto, audience: GroupMailAudience): number =>
  (audience === 'waiting_list' ? 0 : event.subscribers_with_stuff.length) +
  (audience === 'registered' ? 0 : event.waiting_list.length);

/**
 * The group email (subject and message of 5 characters or more, docs/rules.md#mails) to the registered, the
 * waiting list or both, sent under the organiser's name with answers coming back to them.
 */
export function GroupMailDialog({
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
  const [audience, setAudience] = useState<GroupMailAudience>('registered');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const offlineId = useId();
  const isComplete =
    subject.trim().length >= LIMITS.groupSubjectMin &&
    message.trim().length >= LIMITS.groupMessageMin &&
    audienceCount(event, audience) > 0;

  async function send(e: FormEvent, close: () => void) {
    e.preventDefault();
    if (!isComplete || isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      await sendGroupMail(event.uuid_event, subject.trim(), message.trim(), audience);
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
      title={`${t('eventForm.mail_title')} — ${eventTitle(event)}`}
      onClose={onClose}
      isBusy={isBusy}
    >
      {(close) => (
        <form className={styles.form} onSubmit={(e) => void send(e, close)} noValidate>
          <fieldset className={styles.fieldset}>
            <legend>{t('groupMail.recipients')}</legend>
            {GROUP_MAIL_AUDIENCES.map((choice) => (
              <label key={choice} className={styles.check}>
                <input
                  type="radio"
                  name="group-mail-recipients"
                  value={choice}
                  checked={audience === choice}
                  onChange={() => setAudience(choice)}
                />
                {t(`groupMail.${choice}`, { count: audienceCount(event, choice) })}
              </label>
            ))}
          </fieldset>
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
          <p className={styles.hint}>{t('groupMail.sender', { email: user.email })}</p>
          {audienceCount(event, audience) === 0 && (
            <p className={styles.hint} role="status">
              {t('groupMail.nobody')}
            </p>
          )}
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
